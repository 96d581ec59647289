// The hot SDK endpoints the server answers without the framework's router (docs/deploy.md, "The
// hot path"): each maps to its route file's own exports, every method included, so the answers
// are the route's own. Only static paths: the framework stays the one that parses path params.
import type { IncomingMessage } from "node:http";
import type { Endpoint, HttpMethod } from "../lib/http/endpoint";
import type { RouteHandler } from "../lib/http/handler";
import * as clientToken from "../app/sdk/client-token/route";
import * as sessionStart from "../app/sdk/session/start/route";
import * as uploadComplete from "../app/sdk/session/upload-complete/route";

export const DIRECT: Record<string, Endpoint> = {
  "/sdk/client-token": clientToken,
  "/sdk/session/start": sessionStart,
  "/sdk/session/upload-complete": uploadComplete,
};

/** The handler serving this request directly, or undefined for the framework. */
export function directRoute(req: IncomingMessage): RouteHandler | undefined {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const endpoint = DIRECT[query === -1 ? url : url.slice(0, query)];
  return endpoint?.[req.method as HttpMethod];
}
