// Every error code the service answers with, its HTTP status and whether a retry may succeed.
export const ERROR_CODES = {
  INVALID_REQUEST: { status: 400, retryable: false },
  API_KEY_INVALID: { status: 401, retryable: false },
  API_KEY_REVOKED: { status: 401, retryable: false },
  API_KEY_EXPIRED: { status: 401, retryable: false },
  INVALID_CREDENTIALS: { status: 401, retryable: false },
  TOTP_REQUIRED: { status: 401, retryable: false },
  UNAUTHORIZED: { status: 401, retryable: false },
  DEVELOPER_SUSPENDED: { status: 403, retryable: false },
  DEVELOPER_PENDING: { status: 403, retryable: false },
  FORBIDDEN: { status: 403, retryable: false },
  SESSION_NOT_FOUND: { status: 404, retryable: false },
  NOT_FOUND: { status: 404, retryable: false },
  METHOD_NOT_ALLOWED: { status: 405, retryable: false },
  KEY_LIMIT_REACHED: { status: 409, retryable: false },
  // A chunk of a chunked upload that does not start where the server's bytes end (docs/api.md).
  UPLOAD_CONFLICT: { status: 409, retryable: false },
  // Idempotency-Key (docs/api.md, "Safe retries"), as the IETF draft on the header answers:
  // 409 while the first request with the key still runs, 422 for the key with another body.
  IDEMPOTENCY_KEY_IN_USE: { status: 409, retryable: true },
  PAYLOAD_TOO_LARGE: { status: 413, retryable: false },
  IDEMPOTENCY_KEY_REUSED: { status: 422, retryable: false },
  RATE_LIMIT_EXCEEDED: { status: 429, retryable: true },
  QUOTA_EXCEEDED: { status: 429, retryable: false },
  // The Try it page's daily scans are used up; like the quota, it renews on a calendar boundary.
  TRY_IT_LIMIT_EXCEEDED: { status: 429, retryable: false },
  AUTH_BLOCKED: { status: 429, retryable: true },
  INTERNAL: { status: 500, retryable: true },
  UNAVAILABLE: { status: 503, retryable: true },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export type ErrorBody = { error: ErrorCode; message: string; retryable: boolean; retryAfter?: number };

/** The one error type handlers throw; turned into the spec's flat error body by toErrorResponse. */
export class ApiError extends Error {
  readonly status: number;
  readonly retryable: boolean;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly retryAfter?: number,
    /** Extra headers for the error response (rate-limit figures, Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_CODES[code].status;
    this.retryable = ERROR_CODES[code].retryable;
  }

  body(): ErrorBody {
    const body: ErrorBody = { error: this.code, message: this.message, retryable: this.retryable };
    if (this.retryAfter !== undefined) body.retryAfter = this.retryAfter;
    return body;
  }
}

/**
 * 413 for a request body refused before it was read to its end (over a size limit). The HTTP
 * server closes the connection after it, as after any answer sent before the body arrived
 * whole (server/early-answer.ts).
 */
export function bodyTooLarge(message: string): ApiError {
  return new ApiError("PAYLOAD_TOO_LARGE", message);
}
