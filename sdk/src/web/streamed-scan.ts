// A scan uploaded while it is captured (docs/sdk.md, "Upload while capturing"): the tensor is
// built and gzipped frame by frame (stream-tensor.ts); once the capture has START_AT_USABLE_SECONDS
// of usable signal (or the needed seconds, if fewer), the session starts and the compressed bytes go out in resumable chunks
// (chunked-upload.ts) while the capture goes on. When it ends, only the last chunk and the
// header are left to send. Where that cannot work (an S3 upload address, a camera whose rate
// does not fit a tensor, a capture too short), the whole tensor is sent at the end instead.
import type { ChunkedUpload } from "../chunked-upload.js";
import { takesChunks } from "../chunked-upload.js";
import type { VitalsClient } from "../client.js";
import type { Result, Session, WithMeta } from "../types.js";
import { tensorFromCapture, type CapturedFrames } from "./capture-tensor.js";
import type { Emitter } from "./events.js";
import type { SendScanOptions } from "./send-scan.js";
import { StreamingTensor } from "./stream-tensor.js";
import type { TensorGrid } from "../tensor-grid.js";

/** What the capture reports of the upload (for benchmarks and tests). */
export type StreamedUploadStats = {
  /** True when the tensor went out while capturing; false when it was sent whole at the end. */
  streamed: boolean;
  tensorBytes: number;
  /** Bytes still unsent when the capture ended (header included). */
  pendingAtEnd: number;
  sentBytes: number;
  resumes: number;
};

/**
 * Usable seconds before the session starts: a capture abandoned later has spent its scan, one
 * abandoned earlier (a face seen for a moment, then gone) has not. A camera's tensor is about
 * 1 MB a second (gzipped), so the upload must start early to keep pace on a 10 Mbit/s uplink:
 * the seconds waited are sent in a burst.
 */
export const START_AT_USABLE_SECONDS = 3;

export class StreamedScan {
  readonly #client: () => Promise<VitalsClient>;
  readonly #options: SendScanOptions;
  readonly #grid: TensorGrid;
  readonly #startAtUsableSeconds: number;
  readonly #tensor: StreamingTensor;
  /** Compressed bytes made before the upload could take them, and all of them for `encoded`. */
  readonly #body: Uint8Array[] = [];
  #upload?: ChunkedUpload;
  #session?: Promise<{ client: VitalsClient; session: WithMeta<Session> }>;
  stats?: StreamedUploadStats;

  constructor(
    client: () => Promise<VitalsClient>,
    options: SendScanOptions & { minUsableSeconds: number; durationSeconds: number; grid: TensorGrid },
  ) {
    this.#client = client;
    this.#options = options;
    this.#grid = options.grid;
    this.#startAtUsableSeconds = Math.min(START_AT_USABLE_SECONDS, options.minUsableSeconds);
    this.#tensor = new StreamingTensor(
      (bytes) => {
        this.#body.push(bytes);
        this.#upload?.write(bytes);
      },
      options.durationSeconds,
      options.grid,
    );
  }

  /** True once a session was started (and a scan spent). */
  get started(): boolean {
    return this.#session !== undefined;
  }

  /** Each captured frame, as the capture loop records it. */
  frame(frame: Uint8Array, t: number, usable: boolean, usableSeconds: number): void {
    this.#tensor.push(frame, t, usable);
    if (!this.#session && this.#tensor.streaming && usableSeconds >= this.#startAtUsableSeconds) this.#start();
  }

  #start() {
    const session = (async () => {
      const client = await this.#client();
      const { demographics, signal } = this.#options;
      const started = await client.startSession({ demographics, signal });
      if (takesChunks(started.upload_url)) {
        this.#upload = client.chunkedUpload(started, { signal, grid: this.#grid });
        for (const bytes of this.#body) this.#upload.write(bytes);
      }
      return { client, session: started };
    })();
    // Reported at the end (finish), not as an unhandled rejection meanwhile.
    session.catch(() => undefined);
    this.#session = session;
    return session;
  }

  /**
   * The capture ended with enough signal: the last chunk and the header go out (or the whole
   * tensor, where streaming did not work), then upload-complete. `captured` is the capture itself.
   */
  async finish(captured: CapturedFrames, events: Emitter): Promise<WithMeta<Result>> {
    events.emit("stage", { stage: "encoding" });
    const endedAt = Date.now() / 1000;
    const streamed = await this.#tensor.end(endedAt);
    const { client, session } = await (this.#session ?? this.#start());
    const { signal, include } = this.#options;
    if (streamed && this.#upload) {
      const tensor = concat([streamed.header, ...this.#body]);
      events.emit("encoded", {
        tensor,
        fps: streamed.fps,
        frameCount: streamed.frameCount,
        timestamps: streamed.timestamps,
      });
      const pendingAtEnd = this.#upload.pendingBytes + streamed.header.byteLength;
      events.emit("stage", { stage: "uploading" });
      await this.#upload.finish(streamed.header);
      const { sentBytes, resumes } = this.#upload.stats;
      this.stats = { streamed: true, tensorBytes: tensor.byteLength, pendingAtEnd, sentBytes, resumes };
    } else {
      // What was streamed is not this tensor: the chunks stop, and one whole PUT (never chunks,
      // which would meet the streamed ones; uploadTensor sends chunks only when asked) replaces them.
      this.#upload?.cancel();
      const { tensor, fps, frameCount, timestamps } = await tensorFromCapture(captured, endedAt, this.#grid);
      events.emit("encoded", { tensor, fps, frameCount, timestamps });
      events.emit("stage", { stage: "uploading" });
      await client.uploadTensor(session, tensor, { signal });
      const size = tensor.byteLength;
      this.stats = { streamed: false, tensorBytes: size, pendingAtEnd: size, sentBytes: size, resumes: 0 };
    }
    events.emit("stage", { stage: "analysing" });
    return client.completeUpload(session.session_id, { signal, include });
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
