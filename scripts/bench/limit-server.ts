// The physical limit of `npm run bench:api` (docs/benchmarks.md, "Hot path"): a plain node:http
// server doing session start's database work and nothing else, in the product's own single
// statement (lib/sessions/start-session-statement.ts, the window in PostgreSQL) on a pool of the
// product's size: the key's hash, one prepared INSERT ... SELECT, a signed upload URL, JSON out.
// No framework, validation, request log or error body: what no server of this design can beat
// on this machine. Never shipped; started by the benchmark as its own process.
import { createHmac, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import pg from "pg";
import { hashApiKey } from "../../lib/keys/key-format";
import { startWithPostgresWindow } from "../../lib/sessions/start-session-statement";

const port = Number(process.env.PORT);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on("error", () => undefined);
const SESSION_MS = 15 * 60_000;
const FALLBACK = { heart_rate: 72 };

const server = createServer((req, res) => {
  if (req.url === "/health") return void res.end("ok");
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", async () => {
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString() || "{}") as { demographics?: unknown };
      const keyHash = hashApiKey(String(req.headers["x-api-key"] ?? ""));
      const now = new Date();
      const sessionId = randomUUID();
      const expiresAt = new Date(now.getTime() + SESSION_MS);
      const row = await startWithPostgresWindow(
        pool,
        { keyHash, now, create: true, sessionId, demographics: body.demographics, fallbackConfig: FALLBACK, expiresAt },
        req.socket.remoteAddress ?? "",
      );
      if (!row.created) {
        res.writeHead(403, { "content-type": "application/json" });
        return void res.end('{"error":{"code":"REFUSED"}}');
      }
      const signature = createHmac("sha256", "bench").update(`${sessionId}:${expiresAt.getTime()}`).digest("hex");
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          session_id: sessionId,
          expires_at: expiresAt.toISOString(),
          upload_url: `http://127.0.0.1:${port}/upload/${sessionId}?expires=${expiresAt.getTime()}&signature=${signature}`,
        }),
      );
    } catch {
      res.writeHead(500).end();
    }
  });
});
server.listen(port, "127.0.0.1", () => console.log("ready"));
