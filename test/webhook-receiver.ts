import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A real HTTP receiver for webhook deliveries: it records every request, and answers each path
// by its script (a status per request in turn, the last one repeated; "hang" never answers).

export type Received = { path: string; headers: IncomingHttpHeaders; body: string; at: number };
export type Answer = number | "hang" | { status: number; location: string };

export async function startReceiver() {
  const received: Received[] = [];
  const scripts = new Map<string, Answer[]>();
  const counts = new Map<string, number>();
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      const n = counts.get(path) ?? 0;
      counts.set(path, n + 1);
      const script = scripts.get(path) ?? [200];
      const answer = script[Math.min(n, script.length - 1)];
      if (answer === "hang") return void hanging.push(res);
      if (typeof answer === "object") return void res.writeHead(answer.status, { location: answer.location }).end();
      res.writeHead(answer, { "content-type": "text/plain" }).end(answer < 300 ? "thanks" : `failed with ${answer}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    /** How the receiver answers requests to `path`, in order. */
    script(path: string, answers: Answer[]) {
      scripts.set(path, answers);
    },
    at(path: string) {
      return received.filter((r) => r.path === path);
    },
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
