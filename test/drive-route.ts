import type { RouteHandler } from "@/lib/http/handler";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";

// Drives a real route handler the way the HTTP server does: a Request on localhost:3000 with
// the client-IP stamp the server adds, and the path params Next.js would pass.

export type RouteCall = {
  method?: string;
  ip?: string;
  headers?: Record<string, string>;
  /** JSON-encoded unless a string (sent as is) or a binary body. */
  body?: unknown;
  params?: Record<string, string>;
  signal?: AbortSignal;
};

export function driveRoute(handler: RouteHandler, path: string, call: RouteCall = {}): Promise<Response> {
  const headers: Record<string, string> = { [CLIENT_IP_HEADER]: call.ip ?? "203.0.113.1", ...call.headers };
  const init: RequestInit & { duplex?: "half" } = { method: call.method ?? "GET", headers, signal: call.signal };
  if (call.body !== undefined) {
    const raw =
      typeof call.body === "string" ||
      call.body instanceof Uint8Array ||
      call.body instanceof ReadableStream ||
      call.body instanceof Blob;
    init.body = raw ? (call.body as BodyInit) : JSON.stringify(call.body);
    if (!raw) headers["content-type"] ??= "application/json";
    init.duplex = "half";
  }
  const url = path.startsWith("http") ? path : `http://localhost:3000${path}`;
  return handler(new Request(url, init), { params: Promise.resolve(call.params ?? {}) });
}

export type Call = {
  body?: unknown;
  token?: string;
  ip?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  raw?: string;
  headers?: Record<string, string>;
};

/** A developer-API call: an optional ID token and JSON body, answered as status, headers and parsed body. */
export async function call(handler: RouteHandler, method: string, path: string, opts: Call = {}) {
  const url = new URL(`http://localhost:3000${path}`);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const res = await driveRoute(handler, url.toString(), {
    method,
    ip: opts.ip,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    body: opts.raw ?? opts.body,
    params: opts.params,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}
