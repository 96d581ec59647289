import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { env } from "@/lib/env";
import { ApiError, bodyTooLarge } from "@/lib/http/errors";
import { storeTensor } from "@/lib/storage/local-storage";
import { receiveChunk, type UploadAnswer } from "./receive-chunk";
import { checkContentType, commitTensor, openForUpload, signedSessionId } from "./upload-target";

/**
 * The body with its first bytes already read, or null when it has none. The framework hands
 * the handler a stream even for `Content-Length: 0`, and a chunked body may end at once, so
 * only reading tells an empty upload apart.
 */
async function nonEmptyBody(body: ReadableStream<Uint8Array> | null): Promise<ReadableStream<Uint8Array> | null> {
  if (!body) return null;
  const reader = body.getReader();
  const read = () =>
    reader.read().catch(() => {
      throw new ApiError("INVALID_REQUEST", "The upload was interrupted before the body arrived whole");
    });
  let first = await read();
  while (!first.done && first.value.byteLength === 0) first = await read();
  if (first.done) return null;
  const head = first.value;
  return new ReadableStream({
    start: (controller) => controller.enqueue(head),
    pull: async (controller) => {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * The signed upload target: checks the signature, the size, that there is a body at all and the
 * session's state, then streams the body to storage. A second PUT before upload-complete
 * replaces the first. A PUT with a Content-Range is a chunk of a chunked upload (receive-chunk.ts).
 */
export async function receiveUpload(req: Request, pathId: string, now = new Date()): Promise<UploadAnswer> {
  const sessionId = signedSessionId(req, pathId, now);
  if (req.headers.has("content-range")) return receiveChunk(req, sessionId, now);
  checkContentType(req);
  const max = env().MAX_TENSOR_BYTES;
  if (Number(req.headers.get("content-length") ?? 0) > max) {
    throw bodyTooLarge(`The tensor exceeds ${max} bytes`);
  }
  // Before the session is touched: an empty upload changes nothing (docs/api.md, PUT {upload_url}).
  const body = await nonEmptyBody(req.body);
  if (!body) throw new ApiError("INVALID_REQUEST", "The upload body is empty");
  // Reserved at its declared size, or the largest a body may be when it declares none.
  await openForUpload(sessionId, now, Number(req.headers.get("content-length") ?? max) || max);
  const stored = await storeTensor(sessionId, body as WebReadableStream<Uint8Array>, max, commitTensor(sessionId));
  return { status: 200, etag: stored.etag } satisfies UploadAnswer;
}
