// npm run bench:api: session-start throughput and latency against the production build on
// PostgreSQL, and the server's memory while a 45 MB tensor is uploaded and processed.
// Needs `npm run build` first and the PostgreSQL server of TEST_ADMIN_DATABASE_URL.
import { existsSync } from "node:fs";
import autocannon from "autocannon";
import { encodeTensor, synthesizeFrames } from "@vitals/inference";
import { applyMigrations } from "../lib/migrations/apply-migrations";
import { withMigrationExecutor } from "../lib/migrations/executors";
import { createDatabase, dropDatabase } from "../test/pg-admin";
import { rssMiB, startServerProcess } from "./bench/server-process";

const PORT = 3290;
const REQUESTS = 4000;

async function seedDeveloper(url: string) {
  process.env.DATABASE_URL = url;
  const { createDeveloperWithKeys } = await import("../test/fixtures");
  return createDeveloperWithKeys({ plan: "enterprise" });
}

async function benchStart(key: string) {
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}/sdk/session/start`,
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ demographics: { age: 40, sex: "F", fitzpatrick: 3 } }),
    connections: 16,
    amount: REQUESTS,
  });
  const non2xx = result.non2xx + result.errors;
  console.log(`\nPOST /sdk/session/start, live key, ${REQUESTS} requests, 16 connections`);
  console.log(`  throughput   ${result.requests.average.toFixed(0)} req/s (mean), ${non2xx} non-2xx/errors`);
  console.log(`  latency ms   p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}`);
}

async function benchUploadMemory(pid: number, key: string) {
  const synth = synthesizeFrames({ seed: 3, frameCount: 720 });
  const tensor = encodeTensor(synth.frames, { frameCount: 720, fps: 30 });
  const base = `http://127.0.0.1:${PORT}`;
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
  const session = await (await fetch(`${base}/sdk/session/start`, { method: "POST", headers: { "x-api-key": key } })).json();
  const t0 = performance.now();
  const put = await fetch(session.upload_url, { method: "PUT", headers: { "content-type": "video/webm" }, body: new Uint8Array(tensor) });
  const uploadMs = performance.now() - t0;
  const peakUpload = peak;
  const t1 = performance.now();
  const done = await fetch(`${base}/sdk/session/upload-complete`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ session_id: session.session_id }),
  });
  const body = await done.json();
  const completeMs = performance.now() - t1;
  clearInterval(sampler);
  console.log(`\n45 MB tensor (${tensor.length} bytes, 720 frames), server RSS sampled every 20 ms`);
  console.log(`  upload       ${put.status} in ${uploadMs.toFixed(0)} ms; RSS ${before.toFixed(0)} -> peak ${peakUpload.toFixed(0)} MiB (+${(peakUpload - before).toFixed(0)} MiB)`);
  console.log(`  complete     ${done.status} in ${completeMs.toFixed(0)} ms (processing_time_ms ${body.processing_time_ms}, HR ${body.vitals?.heart_rate} vs truth ${synth.truth.heartRate.toFixed(1)}, confidence ${body.vitals?.confidence})`);
  console.log(`  peak RSS over upload + inference: ${peak.toFixed(0)} MiB (+${(peak - before).toFixed(0)} MiB)`);
}

async function main() {
  if (!existsSync(".next/BUILD_ID")) throw new Error("Run `npm run build` first");
  const db = await createDatabase("vitals_bench");
  let server;
  try {
    await withMigrationExecutor({ databaseUrl: db.url, embeddedDir: "" }, applyMigrations);
    const { live } = await seedDeveloper(db.url);
    server = await startServerProcess({ DATABASE_URL: db.url, DATA_DIR: `/tmp/vitals-bench-${process.pid}` }, PORT);
    console.log(`Machine: ${(await import("node:os")).cpus().length} cores, Node ${process.version}; server pid ${server.pid}`);
    // Warm-up: first requests compile routes and open connections.
    for (let i = 0; i < 20; i++) await fetch(`http://127.0.0.1:${PORT}/sdk/session/start`, { method: "POST", headers: { "x-api-key": live.key } });
    await benchStart(live.key);
    await benchUploadMemory(server.pid!, live.key);
  } finally {
    server?.kill();
    await new Promise((r) => setTimeout(r, 500));
    await dropDatabase(db.name);
  }
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
