import { ChunkedUpload, takesChunks, type ChunkedUploadOptions } from "./chunked-upload.js";
import { TENSOR_HEADER_BYTES } from "./tensor.js";
import { credentialKind, validateApiKey, type CredentialKind, type KeyEnvironment } from "./api-key.js";
import { checkDemographics } from "./demographics.js";
import { DEFAULT_MAX_TENSOR_BYTES } from "./encode-tensor.js";
import { InvalidApiKeyError, PollTimeoutError, VitalsApiError } from "./errors.js";
import { send, sendJson, sleepUnlessAborted, type RetryPolicy, type Transport } from "./http.js";
import type { CallOptions, IncludeOptions, PollOptions } from "./call-options.js";
import { measureByPolling } from "./measure-by-polling.js";
import type { ClientToken, Demographics, FetchLike, Result, ResultInclude, Session, Sleep, WithMeta } from "./types.js";

export type VitalsClientOptions = {
  /**
   * Sent as X-API-Key: `ck_test_…` (sandbox, no quota) or `ck_live_…` on a server; in a browser,
   * a `ct_test_…` / `ct_live_…` client token minted on your server (mintClientToken), never a
   * secret key. Give this or `credential`.
   */
  apiKey?: string;
  /**
   * Sent as `Authorization: Bearer`: what a browser holds (a short-lived client token), or a
   * ck_ key. Give this or `apiKey`.
   */
  credential?: string;
  /** The deployment's address, e.g. https://api.example.com. */
  baseUrl: string;
  /** Injected for tests, proxies or other runtimes; the global fetch by default. */
  fetch?: FetchLike;
  /** Injected for tests; setTimeout by default. */
  sleep?: Sleep;
  /** Retries of a 429 RATE_LIMIT_EXCEEDED / AUTH_BLOCKED or a 503 UNAVAILABLE after waiting Retry-After (default 3). */
  maxRetries?: number;
  /** Longest Retry-After worth waiting out (default 300 s); a longer one is thrown at once. */
  maxRetryWaitSeconds?: number;
  onRetry?: RetryPolicy["onRetry"];
  /** Session start and result calls (default 30 s). */
  timeoutMs?: number;
  /** Upload of a ~45 MB tensor (default 10 min). */
  uploadTimeoutMs?: number;
  /** Upload-complete runs inference synchronously, up to 60-90 s (docs/sdk.md; default 3 min). */
  completeTimeoutMs?: number;
  /** The deployment's upload limit (`MAX_TENSOR_BYTES`; 128 MiB by default): a larger tensor is refused before any request. */
  maxTensorBytes?: number;
};

export type { CallOptions, IncludeOptions, PollOptions } from "./call-options.js";
export type MintClientTokenOptions = CallOptions & {
  /** Exact page origins allowed to use the token, e.g. ["https://app.example.com"]. */
  origins: string[];
  /** Lifetime, 30..900 s (service default 300): it must cover start, upload and complete. */
  ttlSeconds?: number;
  /** Session starts allowed, 1..10 (service default 1). */
  maxScans?: number;
} & ReferenceOptions;
/**
 * Your own reference for a scan, answered back with its result (docs/api.md, "References"):
 * identifiers only, never health data.
 */
export type ReferenceOptions = {
  /** 1-200 letters, digits, '-', '_', '.' or ':'. */
  clientReferenceId?: string;
  /** Up to 20 keys (1-40 letters, digits, '-', '_', '.') of strings up to 500 characters. */
  metadata?: Record<string, string>;
};
export type StartSessionOptions = CallOptions &
  ReferenceOptions & {
    demographics?: Demographics;
    /** 1-255 visible ASCII characters, a new one (a random UUID) for each scan. */
    idempotencyKey?: string;
  };
export type TensorBody = Uint8Array | ArrayBuffer | Blob;
export type UploadResult = { status: number; etag?: string };
export type MeasureStage = "session-started" | "uploaded" | "completing";
export type MeasureOptions = CallOptions &
  IncludeOptions &
  ReferenceOptions & {
    demographics?: Demographics;
    /** Also poll the result while upload-complete runs (needs PERSIST_VITALS=true on the server to help). */
    poll?: boolean | PollOptions;
    onProgress?: (stage: MeasureStage, session: Session) => void;
  };

const TERMINAL = new Set(["completed", "failed"]);

/** The reference fields of a start or mint body, only those given. */
function referenceBody(options: ReferenceOptions): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (options.clientReferenceId !== undefined) body.client_reference_id = options.clientReferenceId;
  if (options.metadata !== undefined) body.metadata = options.metadata;
  return body;
}
const defaultSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const INCLUDES: readonly ResultInclude[] = ["waveform"];

/**
 * `?include=…` of upload-complete and result, or "" when nothing is asked for. An unknown value
 * is refused here (the service would answer 400), so a typo never passes as "no waveforms".
 */
export function includeQuery(include: readonly ResultInclude[] | undefined): string {
  if (!include?.length) return "";
  const unknown = include.find((v) => !INCLUDES.includes(v));
  if (unknown !== undefined)
    throw new TypeError(`include: unknown value ${JSON.stringify(unknown)} (supported: ${INCLUDES.join(", ")})`);
  return `?include=${[...new Set(include)].join(",")}`;
}

export class VitalsClient {
  /** The key's environment; undefined for a client token given as `credential` (the service knows it). */
  readonly environment?: KeyEnvironment;
  /** A secret key (servers) or a client token (browsers). */
  readonly credential: CredentialKind;
  readonly baseUrl: string;
  readonly #auth: Record<string, string>;
  readonly #transport: Transport;
  readonly #timeouts: { call: number; upload: number; complete: number };
  readonly #maxTensorBytes: number;

  constructor(options: VitalsClientOptions) {
    // Before anything else, so a bad key never reaches the network (docs/sdk.md).
    if (options.credential !== undefined && options.apiKey !== undefined)
      throw new TypeError("give apiKey or credential, not both");
    if (options.credential !== undefined) {
      this.environment = bearerEnvironment(options.credential);
      this.#auth = { Authorization: `Bearer ${options.credential}` };
    } else {
      this.environment = validateApiKey(options.apiKey);
      this.#auth = { "X-API-Key": options.apiKey! };
    }
    this.credential = credentialKind(options.credential ?? options.apiKey!);
    let base: URL;
    try {
      base = new URL(options.baseUrl);
    } catch {
      throw new TypeError(`baseUrl is not a URL: ${JSON.stringify(options.baseUrl)}`);
    }
    if (base.protocol !== "https:" && base.protocol !== "http:")
      throw new TypeError("baseUrl must be an http(s) address");
    this.baseUrl = base.href.replace(/\/+$/, "");
    const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#transport = {
      fetch: fetchImpl,
      sleep: options.sleep ?? defaultSleep,
      retry: {
        maxRetries: options.maxRetries ?? 3,
        maxRetryWaitSeconds: options.maxRetryWaitSeconds ?? 300,
        onRetry: options.onRetry,
      },
    };
    this.#timeouts = {
      call: options.timeoutMs ?? 30_000,
      upload: options.uploadTimeoutMs ?? 600_000,
      complete: options.completeTimeoutMs ?? 180_000,
    };
    this.#maxTensorBytes = options.maxTensorBytes ?? DEFAULT_MAX_TENSOR_BYTES;
  }

  /**
   * A tensor the service would refuse with 413 is refused here: the service closes the
   * connection on an oversized body, which a client sees as a broken pipe, not as the 413.
   */
  #checkSize(tensor: TensorBody): void {
    const bytes = tensor instanceof Blob ? tensor.size : tensor.byteLength;
    if (bytes > this.#maxTensorBytes)
      throw new RangeError(
        `the tensor is ${bytes} bytes: over the ${this.#maxTensorBytes}-byte upload limit (encodeTensor's gzip: true about halves a camera's regions)`,
      );
  }

  #json<T>(
    method: string,
    path: string,
    body: unknown,
    timeoutMs: number,
    signal?: AbortSignal,
    extraHeaders: Record<string, string> = {},
  ) {
    const headers: Record<string, string> = { ...this.#auth, Accept: "application/json", ...extraHeaders };
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    return sendJson<T>(this.#transport, `${this.baseUrl}${path}`, init, { timeoutMs, signal });
  }

  /**
   * POST /sdk/client-token, on your server: a short-lived token a browser page uses instead of
   * the secret key. A client holding a client token cannot mint (refused without a request).
   */
  mintClientToken(options: MintClientTokenOptions): Promise<WithMeta<ClientToken>> {
    if (this.credential === "client-token") {
      return Promise.reject(
        new TypeError("mintClientToken needs a secret key (ck_…): a client token cannot mint client tokens"),
      );
    }
    const body: Record<string, unknown> = { origins: options.origins };
    if (options.ttlSeconds !== undefined) body.ttl_seconds = options.ttlSeconds;
    if (options.maxScans !== undefined) body.max_scans = options.maxScans;
    Object.assign(body, referenceBody(options));
    return this.#json<ClientToken>("POST", "/sdk/client-token", body, this.#timeouts.call, options.signal);
  }

  /**
   * POST /sdk/session/start. Uses one scan of the monthly quota on a live key. With
   * `idempotencyKey`, calling it again with the same key and options (after a lost answer)
   * gets the same session back and spends no second scan (docs/api.md, "Safe retries").
   */
  startSession(options: StartSessionOptions = {}): Promise<WithMeta<Session>> {
    const body = { ...(options.demographics ? { demographics: options.demographics } : {}), ...referenceBody(options) };
    const { idempotencyKey: key } = options;
    return this.#json<Session>("POST", "/sdk/session/start", body, this.#timeouts.call, options.signal, {
      ...(key !== undefined ? { "Idempotency-Key": key } : {}),
    });
  }

  /**
   * A chunked, resumable upload to the session's address (docs/api.md, "Chunked upload"): write
   * the body's bytes as they are made, then finish with the header. Only for an address that
   * takes chunks (`takesChunks`: the service's own signed target, not S3).
   */
  chunkedUpload(session: Session | string, options: CallOptions & ChunkedUploadOptions = {}): ChunkedUpload {
    const url = typeof session === "string" ? session : session.upload_url;
    if (!takesChunks(url))
      throw new TypeError("this upload address takes only a whole PUT (it is not the service's own)");
    return new ChunkedUpload(this.#transport, url, { timeoutMs: this.#timeouts.call, ...options });
  }

  /**
   * PUT of the prepared tensor to the session's presigned address (never the API key: it may be
   * S3). With `chunked: true` (measure and the CLI), a tensor over 8 MiB bound for the service's
   * own address goes in resumable chunks: a dropped connection costs one chunk, not the upload.
   */
  async uploadTensor(
    session: Session | string,
    tensor: TensorBody,
    options: CallOptions & { chunked?: boolean } = {},
  ): Promise<UploadResult> {
    this.#checkSize(tensor);
    const url = typeof session === "string" ? session : session.upload_url;
    const big = tensor instanceof Uint8Array && tensor.byteLength > CHUNKED_ABOVE_BYTES;
    if (options.chunked && big && takesChunks(url)) {
      const bytes = tensor as Uint8Array;
      // The header is at hand: its grid (bytes 16-17) goes with the chunks.
      const grid = bytes[16]! | (bytes[17]! << 8);
      const upload = this.chunkedUpload(url, { signal: options.signal, chunkBytes: 2 * 1024 * 1024, grid });
      upload.write(bytes.subarray(TENSOR_HEADER_BYTES));
      const { etag } = await upload.finish(bytes.subarray(0, TENSOR_HEADER_BYTES));
      return etag ? { status: 200, etag } : { status: 200 };
    }
    const body =
      tensor instanceof Uint8Array ? new Uint8Array(tensor.buffer, tensor.byteOffset, tensor.byteLength) : tensor;
    const { res } = await send(
      this.#transport,
      url,
      { method: "PUT", headers: { "Content-Type": "video/webm" }, body: body as NonNullable<RequestInit["body"]> },
      { timeoutMs: this.#timeouts.upload, signal: options.signal, retry: false },
    );
    await res.body?.cancel();
    const etag = res.headers.get("etag");
    return etag ? { status: res.status, etag } : { status: res.status };
  }

  /** POST /sdk/session/upload-complete: runs inference and answers with the vitals (and what `include` asks for). */
  async completeUpload(sessionId: string, options: CallOptions & IncludeOptions = {}): Promise<WithMeta<Result>> {
    return this.#json<Result>(
      "POST",
      `/sdk/session/upload-complete${includeQuery(options.include)}`,
      { session_id: sessionId },
      this.#timeouts.complete,
      options.signal,
    );
  }

  /** GET /sdk/session/result/{id}: one look at the session's state (and what `include` asks for). */
  async getResult(sessionId: string, options: CallOptions & IncludeOptions = {}): Promise<WithMeta<Result>> {
    const path = `/sdk/session/result/${encodeURIComponent(sessionId)}${includeQuery(options.include)}`;
    return this.#json<Result>("GET", path, undefined, this.#timeouts.call, options.signal);
  }

  /** getResult every intervalMs until completed or failed; PollTimeoutError after maxAttempts. */
  async pollResult(sessionId: string, options: PollOptions = {}): Promise<WithMeta<Result>> {
    const intervalMs = options.intervalMs ?? 2000;
    const maxAttempts = options.maxAttempts ?? 60;
    let status = "unknown";
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (options.signal?.aborted) throw options.signal.reason;
      const result = await this.getResult(sessionId, options);
      status = result.status;
      options.onStatus?.(status, attempt);
      if (TERMINAL.has(status)) return result;
      if (attempt < maxAttempts) await sleepUnlessAborted(this.#transport.sleep, intervalMs, options.signal);
    }
    throw new PollTimeoutError(sessionId, maxAttempts, status);
  }

  /** The whole workflow: start, upload, complete (optionally polling alongside). */
  async measure(
    tensor: TensorBody,
    options: MeasureOptions = {},
  ): Promise<WithMeta<Result> & { session: WithMeta<Session> }> {
    // Before the session start, which spends a scan on a live key.
    this.#checkSize(tensor);
    checkDemographics(options.demographics);
    includeQuery(options.include);
    const session = await this.startSession(options);
    options.onProgress?.("session-started", session);
    await this.uploadTensor(session, tensor, { ...options, chunked: true });
    options.onProgress?.("uploaded", session);
    options.onProgress?.("completing", session);
    const result = options.poll
      ? await measureByPolling(
          this,
          session.session_id,
          { ...(options.poll === true ? {} : options.poll), include: options.include, signal: options.signal },
          this.#transport.sleep,
        )
      : await this.completeUpload(session.session_id, options);
    return { ...result, session };
  }
}

/** A ck_ key is checked like apiKey; anything else is a client token, opaque to the client. */
function bearerEnvironment(credential: string): KeyEnvironment | undefined {
  if (credential.startsWith("ck_")) return validateApiKey(credential);
  if (credential.trim() === "" || /\s/.test(credential))
    throw new InvalidApiKeyError(credential.trim() === "" ? "empty" : "malformed");
  return undefined;
}

export { VitalsApiError };

/** Past this, uploadTensor sends the service's own address chunks (smaller: one PUT is as good). */
const CHUNKED_ABOVE_BYTES = 8 * 1024 * 1024;
