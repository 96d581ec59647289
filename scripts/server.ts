// The product's HTTP server: Next.js behind a thin Node server that stamps the socket's client IP
// and answers the hot SDK endpoints itself.
import { createServer } from "node:http";
import next from "next";
import { CLIENT_IP_HEADER } from "../lib/http/client-ip";
import { malformedPathAnswer, unreadableRequestResponse, unservedMethodAnswer } from "../lib/http/refused-requests";
import { serveWithHandler } from "../lib/http/node-bridge";
import { securityHeaders } from "../lib/http/security-headers";
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
  const server = createServer((req, res) => {
    for (const [name, value] of security) res.setHeader(name, value);
    // Overwrite whatever the client sent: only the socket address can be trusted.
    req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress ?? "unknown";
    // The framework's router would answer a path it cannot decode with a bare HTML/text 500,
    // and a method no route serves with an empty 400.
    const refused = unservedMethodAnswer(req.method) ?? malformedPathAnswer(req.url ?? "/");
    if (refused) {
      res.writeHead(refused.status, refused.headers).end(req.method === "HEAD" ? undefined : refused.body);
      return;
    }
    // The hot SDK endpoints skip the router's per-request machinery (docs/deploy.md, "The hot path").
    const direct = directRoute(req);
    if (direct) void serveWithHandler(direct, req, res);
    else void handle(req, res);
  });
  server.on("clientError", (err: NodeJS.ErrnoException, socket) => {
    // A request it cannot parse: the flat error body, unless the client is already gone.
    if (err.code === "ECONNRESET" || !socket.writable) socket.destroy();
    else socket.end(unreadableRequestResponse(err.code, securityHeaderSet));
  });
  server.requestTimeout = 0; // uploads of 45 MB on slow links and 60 s inference must not be cut
  // Idle keep-alive sockets outlive clients' and load balancers' (60 s), so a client never
  // reuses a socket the server is closing at that very moment.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve) => server.listen(opts.port, opts.hostname ?? "0.0.0.0", resolve));
  return server;
}
