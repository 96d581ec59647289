import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { env } from "../lib/env";
import type { RouteHandler } from "../lib/http/handler";
import { bodyDeadline } from "../lib/http/read-body";

// Runs a route handler (a web Request -> Response function made by `route`) straight on Node's
// HTTP server, for the few hot SDK endpoints the server serves without the framework's router
// (docs/deploy.md, "The hot path"). The handler is the route file's own export, so the rules
// are the same ones; only the framework's per-request machinery is skipped.

// Bodies declared up to this size are read whole first (the hot endpoints take small JSON; the
// handlers cap JSON at 64 KiB); larger or chunked bodies reach the handler as a stream.
const READ_WHOLE_BYTES = 64 * 1024;

function requestUrl(req: IncomingMessage): string {
  try {
    return new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`).href;
  } catch {
    return new URL(req.url ?? "/", "http://localhost").href; // a Host header that is no host
  }
}

function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return headers;
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The body, or the 400 of a body not whole within JSON_BODY_TIMEOUT_MS, as the handlers' own reads. */
async function readWhole(req: IncomingMessage): Promise<Buffer> {
  const deadline = bodyDeadline(env().JSON_BODY_TIMEOUT_MS);
  try {
    return await Promise.race([readAll(req), deadline.late]);
  } finally {
    deadline.cancel();
  }
}

async function toWebRequest(req: IncomingMessage): Promise<Request> {
  const method = req.method ?? "GET";
  const init: RequestInit & { duplex?: "half" } = { method, headers: requestHeaders(req) };
  if (method !== "GET" && method !== "HEAD") {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared <= READ_WHOLE_BYTES) {
      const body = await readWhole(req).catch((err: unknown) => err as Error);
      if (body instanceof Error) {
        // The client broke off mid-body, or stalled past the deadline. The handler still runs
        // and meets the break as its body's error, so the request is logged and counted as on
        // the framework's path (docs/api.md, "Request log"); a stalled client gets the 400.
        init.body = new ReadableStream({ start: (controller) => controller.error(body) });
        init.duplex = "half";
      } else if (body.length) init.body = new Uint8Array(body);
    } else {
      init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
      init.duplex = "half";
    }
  }
  return new Request(requestUrl(req), init);
}

/** Answers one request with `handler`, writing its Response onto Node's response. */
export async function serveWithHandler(handler: RouteHandler, req: IncomingMessage, res: ServerResponse) {
  try {
    const answer = await handler(await toWebRequest(req));
    const headers: Record<string, string | string[]> = {};
    answer.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length) headers["set-cookie"] = cookies;
    const body = req.method === "HEAD" || !answer.body ? undefined : Buffer.from(await answer.arrayBuffer());
    if (body) headers["content-length"] = String(body.length);
    res.writeHead(answer.status, headers);
    res.end(body);
  } catch {
    // Only an answer to a client that is gone gets here (the handler answers every error itself).
    res.destroy();
  }
}
