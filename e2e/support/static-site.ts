import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";

// A developer's own site, as docs/sdk.md describes it, on an origin of its own (not the
// service's): one static HTML page, copies of the build's public/sdk/ and public/models/ (a
// module worker must come from the page's origin), and a token endpoint that mints a client
// token for this origin with the developer's live key, as their server would.

const PUBLIC = path.resolve(import.meta.dirname, "..", "..", "public");
const TYPES: Record<string, string> = {
  ".js": "text/javascript",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".map": "application/json",
  ".bin": "application/octet-stream",
  ".txt": "text/plain",
  ".mp4": "video/mp4",
};

export type StaticSite = { origin: string; close: () => Promise<void> };

/**
 * Serves `pages` (path -> HTML), `files` (path -> file on disk, e.g. a video the page plays)
 * and public/sdk/, public/models/; `tokens` (path -> handler) answer POSTs as the developer's
 * token endpoints.
 */
export function staticSite(
  port: number,
  pages: Record<string, string>,
  tokens: Record<string, (origin: string) => Promise<{ status: number; body: string }>>,
  files: Record<string, string> = {},
): Promise<StaticSite> {
  const origin = `http://127.0.0.1:${port}`;
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", origin);
    const token = tokens[url.pathname];
    if (req.method === "POST" && token) {
      const answer = await token(origin);
      res.writeHead(answer.status, { "Content-Type": "application/json" }).end(answer.body);
      return;
    }
    if (pages[url.pathname]) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(pages[url.pathname]);
      return;
    }
    const file = files[url.pathname] ?? path.join(PUBLIC, path.normalize(url.pathname));
    const allowed =
      files[url.pathname] !== undefined ||
      file.startsWith(path.join(PUBLIC, "sdk")) ||
      file.startsWith(path.join(PUBLIC, "models"));
    if (!allowed || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () =>
      resolve({ origin, close: () => new Promise<void>((done) => server.close(() => done())) }),
    ),
  );
}
