import { ZodError } from "zod";
import { ApiError } from "./errors";
import { logger } from "@/lib/logger";
import { isDependencyDown, UNAVAILABLE_RETRY_AFTER_SECONDS } from "./unavailable";

export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { "Content-Type": "application/json; charset=utf-8", ...init.headers },
  });
}

function describeZodError(err: ZodError): string {
  const first = err.issues[0];
  if (!first) return "Invalid request";
  const where = first.path.length ? first.path.join(".") : "body";
  return `Invalid request: ${where}: ${first.message}`;
}

/** The one place where any thrown value becomes the spec's flat error body. */
export function toErrorResponse(err: unknown, requestId: string): Response {
  if (err instanceof ApiError) {
    const headers = { ...err.headers };
    if (err.retryAfter !== undefined) headers["Retry-After"] = String(err.retryAfter);
    return json(err.body(), { status: err.status, headers });
  }
  if (err instanceof ZodError) {
    return json(new ApiError("INVALID_REQUEST", describeZodError(err)).body(), { status: 400 });
  }
  if (isDependencyDown(err)) {
    logger.warn("dependency unreachable", { requestId, error: err instanceof Error ? err.message : String(err) });
    const down = new ApiError(
      "UNAVAILABLE",
      "A service this request needs is unreachable; retry after the Retry-After seconds",
      UNAVAILABLE_RETRY_AFTER_SECONDS,
    );
    return toErrorResponse(down, requestId);
  }
  logger.error("unhandled error", { requestId, error: err instanceof Error ? err.stack : String(err) });
  return json(new ApiError("INTERNAL", `Internal error (request ${requestId})`).body(), { status: 500 });
}
