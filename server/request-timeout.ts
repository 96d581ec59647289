// How long the HTTP server waits for a request to arrive whole, headers and body
// (server/http-server.ts; docs/deploy.md, "Timeouts"). Without a limit a body that never comes
// holds its connection forever; too short a one would cut honest uploads on slow links.

// The slowest link an upload must get through: 1 Mbit/s, a weak mobile uplink.
const SLOWEST_UPLINK_BYTES_PER_SECOND = 125_000;
// On top: the time the headers may take, and slack for a stalled moment on the way.
const MARGIN_MS = 60_000;

/**
 * The server's requestTimeout for bodies of up to `maxBodyBytes` (MAX_TENSOR_BYTES, the largest
 * body any endpoint takes): the largest upload at 1 Mbit/s plus a minute, so about 19 minutes
 * for the default 128 MiB. Only receiving is timed: the answer may take as long as it takes
 * (upload-complete waits for inference once the body is in).
 */
export function requestTimeoutMs(maxBodyBytes: number): number {
  return Math.ceil((maxBodyBytes / SLOWEST_UPLINK_BYTES_PER_SECOND) * 1000) + MARGIN_MS;
}
