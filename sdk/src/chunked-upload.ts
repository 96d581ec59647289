// The chunked, resumable upload (docs/api.md, "Chunked upload"): body bytes are sent in chunks
// from byte 36 as they are written, in order, one request at a time; the 36-byte header last.
// After a failed or unanswered request the upload asks the service what it holds (a status
// query) and goes on from there, so nothing is sent twice beyond the one chunk whose answer
// was lost, and nothing the service refused is retried blindly.
import { type VitalsApiError, VitalsNetworkError } from "./errors.js";
import { fetchOnce, sleepUnlessAborted, toApiError, type Transport } from "./http.js";
import { responseMeta } from "./headers.js";
import { TENSOR_HEADER_BYTES } from "./tensor.js";

export type ChunkedUploadOptions = {
  /** Most bytes per chunk (default 2 MiB): a link that lags sends few, large requests. */
  chunkBytes?: number;
  /**
   * Fewest bytes a chunk is sent with while more are being written (default 256 KiB): an idle
   * upload sends what it has from this size on, so little is left when the writing ends; a busy
   * one gathers full chunks meanwhile.
   */
  minChunkBytes?: number;
  /** Time limit of one request, ms. */
  timeoutMs?: number;
  /** How long the upload keeps trying while requests fail (offline, timeouts, 5xx), ms; default 120 s. */
  retryForMs?: number;
  /**
   * The tensor's grid (72 or a version 2 one), sent with each body chunk as `Tensor-Grid` so the
   * service can reduce the body as it arrives before the header names it (docs/api.md, "Chunked upload").
   */
  grid?: number;
  signal?: AbortSignal;
};

/** What the upload sent, for benchmarks and tests. */
export type ChunkedUploadStats = {
  /** Body and header bytes put on the wire, resent ones included. */
  sentBytes: number;
  /** Bytes the service acknowledged, header included once the upload is whole. */
  ackedBytes: number;
  requests: number;
  /** Status queries made after a failed request. */
  resumes: number;
};

/**
 * True when the upload address is this service's own signed target (`/upload/{id}` with
 * `expires` and `sig`), which takes chunks; an S3 presigned address takes only a whole PUT.
 */
export function takesChunks(uploadUrl: string): boolean {
  try {
    const url = new URL(uploadUrl);
    return (
      /^\/upload\/[0-9a-fA-F-]{36}$/.test(url.pathname) &&
      url.searchParams.has("sig") &&
      url.searchParams.has("expires")
    );
  } catch {
    return false;
  }
}

const RANGE = /^bytes=(\d+)-(\d+)$/;
/** The offset after the bytes a 308 or 409 says are held (36 when it names none). */
function heldEnd(res: Response): number {
  const m = RANGE.exec(res.headers.get("range") ?? "");
  return m ? Number(m[2]) + 1 : TENSOR_HEADER_BYTES;
}

class Retryable extends Error {}

export class ChunkedUpload {
  readonly stats: ChunkedUploadStats = { sentBytes: 0, ackedBytes: 0, requests: 0, resumes: 0 };
  readonly #t: Transport;
  readonly #url: string;
  readonly #chunkBytes: number;
  readonly #minChunkBytes: number;
  readonly #timeoutMs: number;
  readonly #retryForMs: number;
  readonly #signal?: AbortSignal;
  readonly #grid?: number;
  /** Bytes written and not yet acknowledged, starting at offset #acked. */
  #queue: Uint8Array[] = [];
  #queued = 0;
  #acked = TENSOR_HEADER_BYTES;
  #ended = false;
  #pump?: Promise<void>;
  #failure?: unknown;

  constructor(t: Transport, uploadUrl: string, options: ChunkedUploadOptions = {}) {
    this.#t = t;
    this.#url = uploadUrl;
    this.#chunkBytes = options.chunkBytes ?? 2 * 1024 * 1024;
    this.#minChunkBytes = Math.min(options.minChunkBytes ?? 256 * 1024, this.#chunkBytes);
    this.#timeoutMs = options.timeoutMs ?? 60_000;
    this.#retryForMs = options.retryForMs ?? 120_000;
    this.#signal = options.signal;
    this.#grid = options.grid;
  }

  /** Body bytes not yet acknowledged by the service. */
  get pendingBytes(): number {
    return this.#queued;
  }

  /** Appends body bytes; whole chunks start going out at once, in the background. */
  write(bytes: Uint8Array): void {
    // A failed or cancelled upload takes nothing more; finish() says why.
    if (this.#failure) return;
    if (this.#ended) throw new Error("the upload is finished");
    if (bytes.byteLength === 0) return;
    this.#queue.push(bytes);
    this.#queued += bytes.byteLength;
    this.#kick();
  }

  /**
   * Sends what is left, then the header, which closes the upload. Rejects with the first error
   * the upload met (an answer that no retry can change, or the network failing for retryForMs).
   */
  async finish(header: Uint8Array): Promise<{ etag?: string }> {
    if (header.byteLength !== TENSOR_HEADER_BYTES) throw new RangeError("the header is 36 bytes");
    this.#ended = true;
    this.#kick();
    while (this.#pump) await this.#pump;
    if (this.#failure) throw this.#failure;
    const total = this.#acked;
    const etag = await this.#withResume(async () => {
      const res = await this.#put(`bytes 0-35/${total}`, header);
      if (res.status === 200) return res.headers.get("etag") ?? undefined;
      throw await this.#refused(res);
    }, total);
    this.stats.ackedBytes = total;
    return etag === undefined ? {} : { etag };
  }

  /** Stops sending: nothing queued goes out, and finish() rejects (a request under way still ends). */
  cancel(): void {
    this.#ended = true;
    this.#queue = [];
    this.#queued = 0;
    this.#failure ??= new Error("the upload was cancelled");
  }

  #kick(): void {
    if (this.#pump || this.#failure) return;
    const ready = () => this.#queued >= this.#minChunkBytes || (this.#ended && this.#queued > 0);
    if (!ready()) return;
    this.#pump = (async () => {
      try {
        while (ready()) await this.#sendChunk();
      } catch (err) {
        this.#failure = err;
      } finally {
        this.#pump = undefined;
      }
    })();
  }

  async #sendChunk(): Promise<void> {
    const length = Math.min(this.#chunkBytes, this.#queued);
    const chunk = this.#peek(length);
    const first = this.#acked;
    await this.#withResume(async () => {
      const res = await this.#put(`bytes ${first}-${first + length - 1}/*`, chunk);
      if (res.status === 308) return this.#ack(heldEnd(res));
      // Another request of ours (whose answer was lost) got there first: go on from what is held.
      if (res.status === 409 && res.headers.has("range")) return this.#ack(heldEnd(res));
      throw await this.#refused(res);
    });
  }

  /**
   * Runs one request; on a failure a retry may cure (network, timeout, 5xx), waits, asks what the
   * service holds and, when that already covers the request (its answer was lost), stops.
   */
  async #withResume<T>(attempt: () => Promise<T>, headerTotal?: number): Promise<T | undefined> {
    const deadline = Date.now() + this.#retryForMs;
    let wait = 250;
    for (;;) {
      try {
        return await attempt();
      } catch (err) {
        if (!(err instanceof Retryable) || Date.now() > deadline) throw unwrap(err);
      }
      for (;;) {
        await sleepUnlessAborted(this.#t.sleep, wait, this.#signal);
        wait = Math.min(wait * 2, 1_000);
        this.stats.resumes++;
        try {
          const res = await this.#put("bytes */*", null);
          if (res.status === 200 && headerTotal !== undefined) return undefined;
          if (res.status !== 308) throw await this.#refused(res);
          const end = heldEnd(res);
          const before = this.#acked;
          this.#ack(end);
          // The lost answer's chunk was taken: nothing of this request is left to send.
          if (headerTotal === undefined && end > before) return undefined;
          break;
        } catch (err) {
          if (!(err instanceof Retryable) || Date.now() > deadline) throw unwrap(err);
        }
      }
    }
  }

  /** The service holds bytes up to `end`: those leave the queue. */
  #ack(end: number): void {
    const gained = end - this.#acked;
    if (gained < 0 || gained > this.#queued) {
      throw new Error(`the service holds bytes up to ${end}; this upload had sent up to ${this.#acked + this.#queued}`);
    }
    this.#drop(gained);
    this.#acked = end;
    this.stats.ackedBytes = end;
  }

  /** A copy of the first `length` queued bytes (they leave the queue only when acknowledged). */
  #peek(length: number): Uint8Array {
    if (this.#queue[0] && this.#queue[0].byteLength >= length) return this.#queue[0].subarray(0, length);
    const out = new Uint8Array(length);
    let filled = 0;
    for (let i = 0; filled < length; i++) {
      const piece = this.#queue[i]!;
      const n = Math.min(piece.byteLength, length - filled);
      out.set(piece.subarray(0, n), filled);
      filled += n;
    }
    return out;
  }

  #drop(length: number): void {
    this.#queued -= length;
    while (length > 0) {
      const piece = this.#queue[0]!;
      if (piece.byteLength <= length) {
        length -= piece.byteLength;
        this.#queue.shift();
      } else {
        this.#queue[0] = piece.subarray(length);
        length = 0;
      }
    }
  }

  async #put(range: string, body: Uint8Array | null): Promise<Response> {
    this.stats.requests++;
    if (body) this.stats.sentBytes += body.byteLength;
    const headers: Record<string, string> = { "Content-Range": range };
    if (body) headers["Content-Type"] = "application/octet-stream";
    if (body && this.#grid !== undefined) headers["Tensor-Grid"] = String(this.#grid);
    try {
      const res = await fetchOnce(
        this.#t,
        this.#url,
        { method: "PUT", headers, body: (body ?? new Uint8Array(0)) as Uint8Array<ArrayBuffer> },
        { timeoutMs: this.#timeoutMs, signal: this.#signal },
      );
      if (res.status >= 500) throw new Retryable(undefined, { cause: await toApiError(res, responseMeta(res)) });
      return res;
    } catch (err) {
      if (err instanceof VitalsNetworkError) throw new Retryable(undefined, { cause: err });
      throw err;
    }
  }

  async #refused(res: Response): Promise<VitalsApiError> {
    return toApiError(res, responseMeta(res));
  }
}

function unwrap(err: unknown): unknown {
  return err instanceof Retryable ? err.cause : err;
}
