import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

// An answer sent before the request's body arrived whole (a 401 before the body is read, a 413
// past a size limit, a 202 that ignores the rest) closes the connection: the rest of the body is
// never used, so a client kept on the connection would go on sending into a socket nobody reads
// until the request timeout (docs/api.md, "Errors"). The one place for the rule is the HTTP
// server (server/http-server.ts), which sees every answer, routed or not.

// After such an answer the socket is ended at once (FIN), but closed only once the client closes
// it or after this long, while what it still sends is discarded: closing a socket with unread
// bytes makes the kernel reset the connection, and a reset can destroy the answer before the
// client has read it (the "lingering close" of other HTTP servers).
const LINGER_MS = 2_000;

/** True when the request announces a body: chunked, or a Content-Length above 0. */
function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && Number(length) !== 0);
}

/** Node's end of a `Connection: close` answer, made to linger (see LINGER_MS). */
function lingerOnClose(req: IncomingMessage, socket: Socket) {
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    // Whoever was reading the body has stopped: let the rest flow, unread.
    req.removeAllListeners("data");
    req.resume();
  };
}

/**
 * Makes `res` answer with `Connection: close` when its headers go out before `req`'s body has
 * arrived whole; the socket is then ended after the answer.
 */
export function closeWhenAnsweredEarly(req: IncomingMessage, res: ServerResponse): void {
  if (!announcesBody(req)) return;
  const writeHead = res.writeHead;
  // Every way of sending headers (writeHead, or the first write or end) goes through writeHead.
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (!req.complete) {
      this.setHeader("Connection", "close");
      if (this.socket) lingerOnClose(req, this.socket);
    }
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
