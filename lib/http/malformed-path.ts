import { randomUUID } from "node:crypto";
import { CORS_HEADERS } from "./cors";
import { ApiError } from "./errors";

export type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * The answer to a request whose path is not valid percent-encoding (`/sdk/session/%ZZ/...`):
 * 400 INVALID_REQUEST in the flat error body, with CORS and X-Request-Id like every answer.
 * The HTTP server asks this before the framework's router, which would answer with an HTML
 * error page. null when the path decodes.
 */
export function malformedPathAnswer(url: string): RawAnswer | null {
  const path = url.split("?")[0];
  try {
    decodeURIComponent(path);
    return null;
  } catch {
    const error = new ApiError("INVALID_REQUEST", "The request path is not valid percent-encoding");
    return {
      status: error.status,
      headers: { ...CORS_HEADERS, "Content-Type": "application/json; charset=utf-8", "X-Request-Id": randomUUID() },
      body: JSON.stringify(error.body()),
    };
  }
}
