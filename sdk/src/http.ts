import { VitalsApiError, VitalsNetworkError, type ErrorBody } from "./errors.js";
import { parseRetryAfter, responseMeta } from "./headers.js";
import type { FetchLike, ResponseMeta, Sleep } from "./types.js";

export type RetryPolicy = {
  /** Retries of a 429 RATE_LIMIT_EXCEEDED or AUTH_BLOCKED or a 503 UNAVAILABLE answer; 0 turns retrying off. */
  maxRetries: number;
  /** A Retry-After longer than this is not waited out: the error is thrown at once. */
  maxRetryWaitSeconds: number;
  onRetry?: (error: VitalsApiError, waitSeconds: number, attempt: number) => void;
};

export type Transport = { fetch: FetchLike; sleep: Sleep; retry: RetryPolicy };

export type SendOptions = { timeoutMs: number; signal?: AbortSignal; retry?: boolean };

// Only these two 429s clear by themselves: waiting out Retry-After is what the API asks
// (docs/api.md, "Errors"; docs/sdk.md, "Errors and retries"). QUOTA_EXCEEDED lasts until
// next month and other 4xx answers will not change.
const WAITABLE = new Set(["RATE_LIMIT_EXCEEDED", "AUTH_BLOCKED"]);

/**
 * Answers worth waiting out: a 429 rate limit or brute-force block, and the service's own 503
 * UNAVAILABLE (retryable), which it sends only when nothing was done: no session started or
 * claimed, no scan run (docs/api.md, upload-complete). A proxy's 5xx is not the service's
 * JSON (UNEXPECTED_RESPONSE) and is not retried.
 */
function waitable(status: number, error: VitalsApiError): boolean {
  if (status === 429) return WAITABLE.has(error.error);
  return status === 503 && error.error === "UNAVAILABLE" && error.retryable;
}

/**
 * `sleep` that an abort cuts short: rejects with the signal's reason at once, so a caller's
 * abort() is never held up by a Retry-After or poll interval (docs/sdk.md, "Methods").
 */
export function sleepUnlessAborted(sleep: Sleep, ms: number, signal?: AbortSignal): Promise<void> {
  if (!signal) return sleep(ms);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    sleep(ms).then(
      () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      },
      (err: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(err);
      },
    );
  });
}

/** Error answers that are not the service's JSON (a proxy page, S3's XML) still become one error type. */
export async function toApiError(res: Response, meta: ResponseMeta): Promise<VitalsApiError> {
  const text = await res.text().catch(() => "");
  let body: ErrorBody | undefined;
  try {
    const parsed = JSON.parse(text) as Partial<ErrorBody>;
    if (parsed && typeof parsed.error === "string") {
      body = {
        error: parsed.error,
        message: typeof parsed.message === "string" ? parsed.message : parsed.error,
        retryable: parsed.retryable === true,
      };
      if (typeof parsed.retryAfter === "number") body.retryAfter = parsed.retryAfter;
    }
  } catch {
    // not JSON: described below
  }
  body ??= {
    error: "UNEXPECTED_RESPONSE",
    message: `HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ""}`,
    retryable: res.status >= 500,
  };
  if (body.retryAfter === undefined) {
    const header = parseRetryAfter(res.headers);
    if (header !== undefined) body.retryAfter = header;
  }
  return new VitalsApiError(body, meta);
}

export async function fetchOnce(t: Transport, url: string, init: RequestInit, opts: SendOptions): Promise<Response> {
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  try {
    return await t.fetch(url, { ...init, signal });
  } catch (err) {
    // The caller's own abort is theirs to handle; anything else is the network's fault.
    if (opts.signal?.aborted) throw opts.signal.reason;
    const what = `${init.method ?? "GET"} ${new URL(url).pathname}`;
    if (timeout.aborted)
      throw new VitalsNetworkError(`${what} got no answer within ${opts.timeoutMs / 1000} s`, { cause: err });
    // undici's "fetch failed" hides the useful part (ECONNREFUSED, ENOTFOUND…) in its cause.
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (err as Error).message;
    throw new VitalsNetworkError(`${what} failed: ${detail} (${new URL(url).origin})`, { cause: err });
  }
}

/** One call with the 429 waiting rule; resolves with the successful response and its figures. */
export async function send(
  t: Transport,
  url: string,
  init: RequestInit,
  opts: SendOptions,
): Promise<{ res: Response; meta: ResponseMeta }> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetchOnce(t, url, init, opts);
    const meta = responseMeta(res);
    if (res.ok) return { res, meta };
    const error = await toApiError(res, meta);
    const wait = error.retryAfter ?? 1;
    const mayWait =
      opts.retry !== false &&
      waitable(res.status, error) &&
      attempt <= t.retry.maxRetries &&
      wait <= t.retry.maxRetryWaitSeconds;
    if (!mayWait) throw error;
    t.retry.onRetry?.(error, wait, attempt);
    await sleepUnlessAborted(t.sleep, wait * 1000, opts.signal);
  }
}

/** send() for JSON answers. */
export async function sendJson<T>(
  t: Transport,
  url: string,
  init: RequestInit,
  opts: SendOptions,
): Promise<T & Omit<ResponseMeta, "status">> {
  const { res, meta } = await send(t, url, init, opts);
  const what = `${init.method ?? "GET"} ${new URL(url).pathname}`;
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    // The body is read under the same signals as the request: a timeout or the caller's abort
    // can end it too, and is reported as what it is.
    if (opts.signal?.aborted) throw opts.signal.reason;
    const name = (err as Error)?.name;
    const message =
      name === "TimeoutError" || name === "AbortError"
        ? `${what} answered ${res.status}, but its body did not arrive within ${opts.timeoutMs / 1000} s`
        : `${what} answered ${res.status}, but its body was cut off: ${(err as Error)?.message ?? err}`;
    throw new VitalsNetworkError(message, { cause: err });
  }
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    // An answer, but not the service's (a captive portal's or proxy's page): docs/sdk.md.
    const shown = text.trim().slice(0, 200);
    throw new VitalsApiError(
      {
        error: "UNEXPECTED_RESPONSE",
        message: `${what} answered ${res.status} without a JSON body${shown ? `: ${shown}` : ""}`,
        retryable: false,
      },
      meta,
    );
  }
  const { status: _status, ...rest } = meta;
  return { ...body, ...rest };
}
