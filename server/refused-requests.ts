// Requests the HTTP server answers itself, before the framework's router (server/http-server.ts).
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import { CORS_HEADERS } from "../lib/http/cors";
import { HTTP_METHODS } from "../lib/http/endpoint";
import { ApiError } from "../lib/http/errors";

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
 * The method a request the parser refused began with (Node keeps the bytes it read on the
 * error), for the 405's message: a token of up to 32 characters, else undefined.
 */
export function methodToken(err: Error): string | undefined {
  const raw = (err as { rawPacket?: unknown }).rawPacket;
  if (!Buffer.isBuffer(raw)) return undefined;
  const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,32}(?= )/.exec(raw.subarray(0, 40).toString("latin1"));
  return token?.[0];
}

/**
 * An HTTP/1.1 request without a Host header (RFC 9112 says 400): answered here in the flat body
 * rather than by Node's bare 400, then the connection is closed like any request that is not
 * valid HTTP. HTTP/1.0 needs no Host. null when the request has one.
 */
export function missingHostAnswer(httpVersion: string, host: string | undefined): RawAnswer | null {
  if (host !== undefined || httpVersion === "1.0") return null;
  return rawError(new ApiError("INVALID_REQUEST", "The request has no Host header"), { Connection: "close" });
}

/**
 * A request target that names no path: `OPTIONS *` asks about the server as a whole, and gets
 * what a preflight gets (204, CORS) with the methods it serves in Allow; any other method with
 * `*`, or a target that is neither a path nor an http(s) URL, is 400. `target` is the target's
 * origin-form (server/request-target.ts), null when it has none.
 */
export function pathlessTargetAnswer(method: string | undefined, target: string | null): RawAnswer | null {
  if (target !== null) return null;
  if (method === "OPTIONS")
    return {
      status: 204,
      headers: { ...CORS_HEADERS, Allow: HTTP_METHODS.join(", "), "X-Request-Id": randomUUID() },
      body: "",
    };
  return rawError(new ApiError("INVALID_REQUEST", "The request target is not a path"));
}

/**
 * An answer as raw HTTP, for a socket Node's HTTP server no longer handles (a parse error, a
 * CONNECT); it closes the connection.
 */
export function rawHttpResponse(answer: RawAnswer, headers: Record<string, string> = {}): string {
  const all = {
    ...headers,
    ...answer.headers,
    "Content-Length": String(Buffer.byteLength(answer.body)),
    Connection: "close",
  };
  const head = Object.entries(all)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n");
  return `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${head}\r\n\r\n${answer.body}`;
}

const UNREADABLE_MESSAGES: Record<string, string> = {
  HPE_HEADER_OVERFLOW: "The request headers are too large",
  // server.headersTimeout / requestTimeout passed before the request arrived whole (server/http-server.ts).
  ERR_HTTP_REQUEST_TIMEOUT: "The request did not arrive in time",
};

/**
 * A request the HTTP parser cannot read (bad chunk framing, an invalid header, headers over the
 * server's limit) or that did not arrive in time: 400 INVALID_REQUEST in the flat body, as raw
 * HTTP to end the connection with, where Node's default is an empty 400, 408 or 431.
 */
export function unreadableRequestResponse(code: string | undefined, headers: Record<string, string> = {}): string {
  const message = UNREADABLE_MESSAGES[code ?? ""] ?? "The request is not valid HTTP";
  return rawHttpResponse(rawError(new ApiError("INVALID_REQUEST", message)), headers);
}
