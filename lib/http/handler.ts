import { randomUUID } from "node:crypto";
import { CORS_HEADERS } from "./cors";
import { toErrorResponse } from "./respond";
import { clientIp } from "./client-ip";
import { errorCodeOf, recordRequest } from "@/lib/request-log/record-request";

export type RouteParams = Record<string, string | string[] | undefined>;

/** What every handler gets: the request, its id, path params, client IP and headers to add to any answer. */
export type RequestContext = {
  req: Request;
  requestId: string;
  params: RouteParams;
  ip: string;
  /** Headers added to the answer whether it succeeds or fails (e.g. rate-limit figures). */
  responseHeaders: Headers;
  /** The account (and key) the request is logged under, set by the wrapper that authenticates it. */
  subject?: { developerId: string; apiKeyId?: string; keyPrefix?: string; clientReferenceId?: string };
};

type NextRouteContext = { params?: Promise<RouteParams> };
export type RouteHandler = (req: Request, ctx?: NextRouteContext) => Promise<Response>;

const CORS_ENTRIES = Object.entries(CORS_HEADERS);

function finish(res: Response, ctx: Pick<RequestContext, "requestId" | "responseHeaders">): Response {
  // The handlers' own answers have mutable headers: add to them in place (no copy of the answer
  // on every request); a response with immutable headers is copied once.
  let out = res;
  try {
    out.headers.set("X-Request-Id", ctx.requestId);
  } catch {
    out = new Response(res.body, { status: res.status, statusText: res.statusText, headers: new Headers(res.headers) });
    out.headers.set("X-Request-Id", ctx.requestId);
  }
  const headers = out.headers;
  ctx.responseHeaders.forEach((value, name) => {
    if (!headers.has(name)) headers.set(name, value);
  });
  for (const [name, value] of CORS_ENTRIES) headers.set(name, value);
  return out;
}

/** The base wrapper: request id, CORS, error mapping. Other wrappers add authentication on top. */
export function route(fn: (ctx: RequestContext) => Promise<Response>): RouteHandler {
  return async (req, next) => {
    const ctx: RequestContext = {
      req,
      requestId: randomUUID(),
      params: {},
      ip: "unknown",
      responseHeaders: new Headers(),
    };
    const started = performance.now();
    let res: Response;
    let errorCode: string | null = null;
    try {
      ctx.ip = clientIp(req);
      ctx.params = (await next?.params) ?? {};
      res = finish(await fn(ctx), ctx);
    } catch (err) {
      errorCode = errorCodeOf(err);
      res = finish(toErrorResponse(err, ctx.requestId), ctx);
    }
    if (ctx.subject) logRequest(ctx, res.status, errorCode, performance.now() - started);
    return res;
  };
}

/** Queues the request-log entry (docs/api.md, "Request log"): no body, query or secret. */
function logRequest(ctx: RequestContext, status: number, errorCode: string | null, ms: number) {
  const { developerId, apiKeyId, keyPrefix, clientReferenceId } = ctx.subject!;
  recordRequest({
    developerId,
    apiKeyId: apiKeyId ?? null,
    keyPrefix: keyPrefix ?? null,
    clientReferenceId: clientReferenceId ?? null,
    method: ctx.req.method,
    path: new URL(ctx.req.url).pathname,
    status,
    errorCode,
    latencyMs: Math.round(ms),
    requestId: ctx.requestId,
    createdAt: new Date(),
  });
}
