import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { analyzeBuffer } from "@vitals/inference";
import { KEYS, session } from "./fake-service.js";

// A stand-in for the service over real HTTP, for CLI runs in processes of their own: it keeps
// each uploaded tensor and answers upload-complete with the vitals the real inference reads
// from it.

export async function scanService() {
  const uploads: Buffer[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const json = (body: unknown) =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    const { pathname } = new URL(req.url ?? "/", "http://x");
    const s = session();
    if (pathname === "/sdk/session/start") return json({ ...s, upload_url: `${url}/upload/${s.session_id}` });
    if (req.method === "PUT") {
      uploads.push(Buffer.concat(chunks));
      return void res.writeHead(200).end();
    }
    if (pathname === "/sdk/session/upload-complete") {
      const out = await analyzeBuffer(uploads[uploads.length - 1]!);
      return json({
        session_id: s.session_id,
        status: out.ok ? "completed" : "failed",
        vitals: out.ok ? out.vitals : null,
      });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, uploads, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const root = path.resolve(import.meta.dirname, "../..");

/** `vitals scan ARGS` (the CLI, sdk/src/cli.ts) in a fresh process, with a test key. */
export function cliInFreshProcess(
  baseUrl: string,
  args: string[],
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn("npx", ["tsx", "sdk/src/cli.ts", "scan", "--key", KEYS.test, "--base-url", baseUrl, ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "",
    err = "";
  child.stdout.on("data", (d) => {
    out += d;
  });
  child.stderr.on("data", (d) => {
    err += d;
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, out, err })));
}

/** A CPU-bound process beside a test: one busy thread per core until stop(). */
export function busyProcess(threads: number): { stop: () => void } {
  const script = `const { Worker } = require("node:worker_threads");
for (let i = 1; i < ${threads}; i++) new Worker("for (;;) {}", { eval: true });
for (;;) {}`;
  const child = spawn(process.execPath, ["-e", script], { stdio: "ignore" });
  return { stop: () => child.kill("SIGKILL") };
}
