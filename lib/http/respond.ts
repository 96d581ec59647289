import { ZodError } from "zod";
import { ApiError } from "./errors";
import { logger } from "@/lib/logger";
import { isClientAbort, isDependencyDown, UNAVAILABLE_RETRY_AFTER_SECONDS } from "./unavailable";

export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { "Content-Type": "application/json; charset=utf-8", ...init.headers },
  });
}

function describeZodError(err: ZodError): string {
  // A field the endpoint does not know is named first (docs/api.md: unknown fields are refused
  // by name), even when a required field is missing too: it is usually the misspelt one.
  const first = err.issues.find((i) => i.code === "unrecognized_keys") ?? err.issues[0];
  if (!first) return "Invalid request";
  const where = first.path.length ? first.path.join(".") : "body";
  return `Invalid request: ${where}: ${first.message}`;
}

/**
 * The spec's error for whatever a handler threw, or undefined for a fault of ours (500
 * INTERNAL): one mapping for the answer and the request log's error code.
 */
export function apiErrorOf(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err;
  if (err instanceof ZodError) return new ApiError("INVALID_REQUEST", describeZodError(err));
  // The client went away mid-body: its fault, not an outage (and nobody reads the answer).
  if (isClientAbort(err))
    return new ApiError("INVALID_REQUEST", "The request was interrupted before its body arrived whole");
  if (isDependencyDown(err))
    return new ApiError(
      "UNAVAILABLE",
      "A service this request needs is unreachable; retry after the Retry-After seconds",
      UNAVAILABLE_RETRY_AFTER_SECONDS,
    );
  return undefined;
}

/** The one place where any thrown value becomes the spec's flat error body. */
export function toErrorResponse(err: unknown, requestId: string): Response {
  const known = apiErrorOf(err);
  if (!known) {
    logger.error("unhandled error", { requestId, error: err instanceof Error ? err.stack : String(err) });
    return json(new ApiError("INTERNAL", `Internal error (request ${requestId})`).body(), { status: 500 });
  }
  if (known.code === "UNAVAILABLE" && !(err instanceof ApiError))
    logger.warn("dependency unreachable", { requestId, error: err instanceof Error ? err.message : String(err) });
  const headers = { ...known.headers };
  if (known.retryAfter !== undefined) headers["Retry-After"] = String(known.retryAfter);
  return json(known.body(), { status: known.status, headers });
}
