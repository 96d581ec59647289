import { ApiError } from "./errors";
import { CORS_HEADERS } from "./cors";
import { route, type RouteHandler } from "./handler";

/** Every method a Next.js route file can export. */
export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The handlers a route declares; every method it leaves out is answered by `endpoint`. */
export type EndpointHandlers = Partial<Record<Exclude<HttpMethod, "HEAD" | "OPTIONS">, RouteHandler>>;
export type Endpoint = Record<HttpMethod, RouteHandler>;

/** The methods each endpoint's handlers serve, for the test that sends every other one. */
const served = new WeakMap<RouteHandler, readonly string[]>();

/** The methods a route file declared, read from its OPTIONS export (undefined if not made by `endpoint`). */
export function declaredMethods(options: unknown): readonly string[] | undefined {
  return typeof options === "function" ? served.get(options as RouteHandler) : undefined;
}

/**
 * Every endpoint answers CORS preflight (the CORS headers are added by `route`). `requestHeaders`:
 * headers this endpoint takes besides the ones every endpoint allows.
 */
export function preflight(requestHeaders: readonly string[] = []): RouteHandler {
  const answer = route(async () => new Response(null, { status: 204 }));
  if (requestHeaders.length === 0) return answer;
  const allow = [CORS_HEADERS["Access-Control-Allow-Headers"], ...requestHeaders].join(", ");
  return async (req, ctx) => {
    const res = await answer(req, ctx);
    res.headers.set("Access-Control-Allow-Headers", allow);
    return res;
  };
}

/**
 * The answer to a method an endpoint does not serve: 405 in the flat error body, with Allow,
 * instead of the framework's empty 405.
 */
function methodNotAllowed(declared: readonly string[]): RouteHandler {
  const allow = allowedMethods(declared).join(", ");
  return route(async ({ req }) => {
    throw new ApiError(
      "METHOD_NOT_ALLOWED",
      `${req.method} is not served at ${new URL(req.url).pathname}; use ${declared.join(" or ")}`,
      undefined,
      {
        Allow: allow,
      },
    );
  });
}

/** What an endpoint serves, for Allow: its declared methods, HEAD wherever GET is, and OPTIONS. */
export function allowedMethods(declared: readonly string[]): string[] {
  return [...declared.flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m])), "OPTIONS"];
}

/**
 * A route file's one declaration: the handlers it serves, plus every other method a route can
 * export, so a forgotten method is impossible. HEAD follows GET (as Next.js does when a route
 * has no HEAD); methods not declared answer 405 with Allow; OPTIONS answers CORS preflight.
 *
 *   export const dynamic = "force-dynamic";
 *   export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({ GET: route(...) });
 */
export function endpoint(handlers: EndpointHandlers, options: { requestHeaders?: readonly string[] } = {}): Endpoint {
  const declared = Object.keys(handlers);
  const other = methodNotAllowed(declared);
  const all: Endpoint = {
    GET: handlers.GET ?? other,
    HEAD: handlers.GET ?? other,
    POST: handlers.POST ?? other,
    PUT: handlers.PUT ?? other,
    PATCH: handlers.PATCH ?? other,
    DELETE: handlers.DELETE ?? other,
    OPTIONS: preflight(options.requestHeaders),
  };
  served.set(all.OPTIONS, declared);
  return all;
}

/** A route that answers every method, OPTIONS included, with one handler (the catch-all 404). */
export function anyMethod(handler: RouteHandler): Endpoint {
  served.set(handler, HTTP_METHODS);
  return Object.fromEntries(HTTP_METHODS.map((method) => [method, handler])) as Endpoint;
}
