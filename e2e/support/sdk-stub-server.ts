// A small local server for the device-side benchmarks: serves public/ (the SDK build) and the
// files given, and answers the three SDK calls with canned bodies (no database, no inference).
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";

const pub = path.resolve(import.meta.dirname, "../../public");
const TYPES: Record<string, string> = {
  ".js": "text/javascript",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".map": "application/json",
  ".mp4": "video/mp4",
  ".html": "text/html; charset=utf-8",
};

export type StubServer = {
  url: string;
  close: () => void;
  /** The last body a page POSTed to /bench-tensor (a tensor it made, for the bench to analyse). */
  lastTensor: () => Buffer | undefined;
};

export function serve(files: Record<string, string>): Promise<StubServer> {
  let tensor: Buffer | undefined;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const json = (body: unknown) =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    const sessionId = "00000000-0000-4000-8000-000000000000";
    if (url.pathname === "/sdk/session/start")
      return json({
        session_id: sessionId,
        expires_at: 0,
        upload_url: `http://${req.headers.host}/upload/${sessionId}`,
        fallback_config: {},
      });
    if (req.method === "POST" && url.pathname === "/bench-tensor") {
      const parts: Buffer[] = [];
      req.on("data", (p: Buffer) => parts.push(p));
      return void req.on("end", () => {
        tensor = Buffer.concat(parts);
        res.writeHead(204).end();
      });
    }
    if (req.method === "PUT") return void req.resume().on("end", () => res.writeHead(200).end());
    if (url.pathname === "/sdk/session/upload-complete") return json({ session_id: sessionId, status: "completed" });
    const file = files[url.pathname] ?? path.join(pub, path.normalize(url.pathname));
    if (!files[url.pathname] && !file.startsWith(pub)) return void res.writeHead(403).end();
    try {
      const body = readFileSync(file);
      res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close(), lastTensor: () => tensor });
    }),
  );
}
