import type { ResponseMeta } from "./types.js";

/** The service's flat error body (spec, Errors). */
export type ErrorBody = { error: string; message: string; retryable: boolean; retryAfter?: number };

/** Any error answer of the service (or the upload address), with its body and headers. */
export class VitalsApiError extends Error {
  override readonly name = "VitalsApiError";
  /** The error code, e.g. RATE_LIMIT_EXCEEDED; UNEXPECTED_RESPONSE when the body was not the service's. */
  readonly error: string;
  readonly retryable: boolean;
  /** Seconds, from the body or the Retry-After header. */
  readonly retryAfter?: number;
  readonly status: number;
  readonly requestId?: string;
  readonly meta: ResponseMeta;
  /** The body exactly as the service sent it (the message above adds code, status and request id). */
  readonly body: ErrorBody;

  constructor(body: ErrorBody, meta: ResponseMeta) {
    super(
      `${body.error} (HTTP ${meta.status}): ${body.message}${meta.requestId ? ` [request ${meta.requestId}]` : ""}`,
    );
    this.error = body.error;
    this.retryable = body.retryable;
    this.retryAfter = body.retryAfter;
    this.status = meta.status;
    this.requestId = meta.requestId;
    this.meta = meta;
    this.body = body;
  }
}

/** The key was refused by the client itself; no request was made (docs/sdk.md). */
export class InvalidApiKeyError extends Error {
  override readonly name = "InvalidApiKeyError";
  constructor(readonly reason: "empty" | "malformed") {
    super(
      reason === "empty"
        ? "An API key is required"
        : "Malformed API key: expected ck_test_ or ck_live_ (a secret key) or ct_test_ or ct_live_ (a client token) followed by 64 lowercase hex characters",
    );
  }
}

/** The service could not be reached, or did not answer in time. */
export class VitalsNetworkError extends Error {
  override readonly name = "VitalsNetworkError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Polling gave up before the session reached completed or failed. */
export class PollTimeoutError extends Error {
  override readonly name = "PollTimeoutError";
  constructor(
    readonly sessionId: string,
    readonly attempts: number,
    readonly lastStatus: string,
  ) {
    super(`Session ${sessionId} was still ${lastStatus} after ${attempts} polls`);
  }
}
