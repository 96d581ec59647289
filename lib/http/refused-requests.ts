// Requests the HTTP server answers itself, before the framework's router (scripts/server.ts).
import { randomUUID } from "node:crypto";
import { CORS_HEADERS } from "./cors";
import { HTTP_METHODS } from "./endpoint";
import { ApiError } from "./errors";

export type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/** An error answered by the HTTP server itself, before the framework: the flat body, CORS and a request id. */
function rawError(error: ApiError, headers: Record<string, string> = {}): RawAnswer {
  return {
    status: error.status,
    headers: {
      ...CORS_HEADERS,
      ...headers,
      "Content-Type": "application/json; charset=utf-8",
      "X-Request-Id": randomUUID(),
    },
    body: JSON.stringify(error.body()),
  };
}

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
    return rawError(new ApiError("INVALID_REQUEST", "The request path is not valid percent-encoding"));
  }
}

const SERVED_METHODS = new Set<string>(HTTP_METHODS);

/**
 * A method no route serves (PROPFIND, TRACE, ...): 405 in the flat error body, where the
 * framework would answer an empty 400. null for the methods routes declare.
 */
export function unservedMethodAnswer(method: string | undefined): RawAnswer | null {
  if (method && SERVED_METHODS.has(method)) return null;
  return rawError(new ApiError("METHOD_NOT_ALLOWED", `${method ?? "This method"} is not served here`), {
    Allow: HTTP_METHODS.join(", "),
  });
}

/**
 * A request the HTTP parser cannot read (bad chunk framing, an invalid header, headers over the
 * server's limit): 400 INVALID_REQUEST in the flat body, as raw HTTP to end the connection with,
 * where Node's default is an empty 400 or 431.
 */
export function unreadableRequestResponse(code: string | undefined, headers: Record<string, string> = {}): string {
  const message =
    code === "HPE_HEADER_OVERFLOW" ? "The request headers are too large" : "The request is not valid HTTP";
  const answer = rawError(new ApiError("INVALID_REQUEST", message), { ...headers, Connection: "close" });
  const head = Object.entries({ ...answer.headers, "Content-Length": String(Buffer.byteLength(answer.body)) })
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n");
  return `HTTP/1.1 400 Bad Request\r\n${head}\r\n\r\n${answer.body}`;
}
