// The product's HTTP server: Next.js behind a thin Node server that stamps the socket's client IP
// and answers the hot SDK endpoints itself.
import { createServer } from "node:http";
import next from "next";
import { CLIENT_IP_HEADER } from "../lib/http/client-ip";
import {
  malformedPathAnswer,
  missingHostAnswer,
  pathlessTargetAnswer,
  rawHttpResponse,
  unreadableRequestResponse,
  methodToken,
  unservedMethodAnswer,
} from "./refused-requests";
import { originForm } from "./request-target";
import { requestTimeoutMs } from "./request-timeout";
import { closeWhenAnsweredEarly } from "./early-answer";
import { serveWithHandler } from "./node-bridge";
import { securityHeaders } from "./security-headers";
import { env } from "../lib/env";
import { directRoute } from "./direct-routes";

export async function startServer(opts: { port: number; dev?: boolean; hostname?: string }) {
  const app = next({
    dev: opts.dev ?? false,
    hostname: opts.hostname ?? "0.0.0.0",
    port: opts.port,
    dir: process.cwd(),
  });
  await app.prepare();
  const handle = app.getRequestHandler();
  const securityHeaderSet = securityHeaders(env().APP_URL);
  const security = Object.entries(securityHeaderSet);
  // Host is checked by missingHostAnswer, so a request without one gets the flat body, not Node's bare 400.
  // Node checks the header and request timeouts on this beat (30 s by default, which let a
  // stalled request live up to 96 s against the 66 s docs/api.md states).
  const server = createServer({ requireHostHeader: false, connectionsCheckingInterval: 2_000 }, (req, res) => {
    for (const [name, value] of security) res.setHeader(name, value);
    // Overwrite whatever the client sent: only the socket address can be trusted.
    req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress ?? "unknown";
    closeWhenAnsweredEarly(req, res);
    // Served by its path, never redirected (server/request-target.ts).
    const target = originForm(req.url ?? "/");
    // The framework's router would answer a path it cannot decode with a bare HTML/text 500,
    // a method no route serves with an empty 400, and `*` with a plain-text 500.
    const refused =
      unservedMethodAnswer(req.method) ??
      missingHostAnswer(req.httpVersion, req.headers.host) ??
      pathlessTargetAnswer(req.method, target) ??
      malformedPathAnswer(target ?? "/");
    if (refused) {
      res.writeHead(refused.status, refused.headers).end(req.method === "HEAD" ? undefined : refused.body);
      return;
    }
    req.url = target ?? "/"; // never null here: pathlessTargetAnswer answered those
    // The hot SDK endpoints skip the router's per-request machinery (docs/deploy.md, "The hot path").
    const direct = directRoute(req);
    if (direct) void serveWithHandler(direct, req, res);
    else void handle(req, res);
  });
  server.on("clientError", (err: NodeJS.ErrnoException, socket) => {
    // A request it cannot parse or that did not arrive in time: the flat error body, unless the
    // client is gone or an answer has begun on this socket (Node's own check, on its own field).
    const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (err.code === "ECONNRESET" || !socket.writable || answering) socket.destroy();
    // A method Node's parser does not know (BREW, a lowercase get): a method no endpoint
    // serves, so 405 like PROPFIND (docs/api.md), not "not valid HTTP".
    else if (err.code === "HPE_INVALID_METHOD")
      socket.end(rawHttpResponse(unservedMethodAnswer(methodToken(err))!, securityHeaderSet));
    else socket.end(unreadableRequestResponse(err.code, securityHeaderSet));
  });
  // CONNECT (a proxy's tunnel) never reaches the request handler: without this listener Node
  // closes the connection without a word. Answered like any method no endpoint serves.
  server.on("connect", (req, socket) => {
    socket.on("error", () => socket.destroy()); // Node's own listener is gone from this socket
    socket.end(rawHttpResponse(unservedMethodAnswer(req.method)!, securityHeaderSet));
  });
  // Idle keep-alive sockets outlive clients' and load balancers' (60 s), so a client never
  // reuses a socket the server is closing at that very moment.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // Headers and body must arrive whole within this (about 19 min for 128 MiB: the largest upload
  // at 1 Mbit/s plus a minute), so a body that never comes no longer holds its connection
  // forever; answering is not timed, so inference is never cut (server/request-timeout.ts).
  server.requestTimeout = requestTimeoutMs(env().MAX_TENSOR_BYTES);
  await new Promise<void>((resolve) => server.listen(opts.port, opts.hostname ?? "0.0.0.0", resolve));
  return server;
}
