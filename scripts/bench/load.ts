// npm run bench:load [-- --seconds 60 --clients 8 --kill-worker --db-blip --redis-blip]:
// two app instances and two inference workers on this machine, sharing PostgreSQL and Redis
// (each reached through a TCP proxy this script controls), many clients doing full scans
// (live and sandbox) and session starts. Faults, when asked, at a third and two thirds of the
// run: kill -9 a worker (a new one starts 5 s later); PostgreSQL or Redis unreachable for 4 s.
// Afterwards it checks: no 500, usage counters equal the live sessions started, every scan
// answered, nothing of a completed scan left (session, tensor, result key), healthy instances.
// Needs `npm run build`, PostgreSQL (TEST_ADMIN_DATABASE_URL) and Redis (BENCH_REDIS_URL port).
import type { ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import { Redis } from "ioredis";
import { applyMigrations } from "../../lib/migrations/apply-migrations";
import { withMigrationExecutor } from "../../lib/migrations/executors";
import { createDatabase, dropDatabase } from "../../test/pg-admin";
import { startTcpProxy } from "../../test/tcp-proxy";
import { syntheticTensor } from "../../test/tensors";
import { startWorkerProcess } from "../../test/worker-process";
import { fullScan, newTally, startOnly, type Tally } from "./scan-client";
import { freePort, startServerProcess } from "../../test/server-process";

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const num = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const SECONDS = num("--seconds", 60);
const CLIENTS = num("--clients", 8);
const PREFIX = `benchload:${process.pid}:`;
const dir = `/tmp/vitals-bench-load-${process.pid}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (v: number[], p: number) =>
  v.length ? [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor((p / 100) * v.length))].toFixed(0) : "-";

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

async function main() {
  const PORTS = [await freePort(), await freePort()];
  const db = await createDatabase("vitals_bench_load");
  await withMigrationExecutor({ databaseUrl: db.url, embeddedDir: "" }, applyMigrations);
  const pgProxy = await startTcpProxy(Number(new URL(db.url).port || 5432));
  const redisPort = Number(new URL(process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379").port || 6379);
  const redisProxy = await startTcpProxy(redisPort);
  const proxiedDb = new URL(db.url);
  proxiedDb.port = String(pgProxy.port);
  const env = {
    DATABASE_URL: proxiedDb.toString(),
    REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
    REDIS_KEY_PREFIX: PREFIX,
    INFERENCE_QUEUE: "redis",
    INFERENCE_THREADS: "1",
    DATA_DIR: `${dir}/data`,
    STORAGE_DIR: `${dir}/uploads`,
    UPLOAD_SIGNING_SECRET: "bench-load-upload-signing-secret-0123456789",
  };
  const children: ChildProcess[] = [];
  const tally = newTally();
  const faults: string[] = [];
  try {
    for (const port of PORTS) children.push(await startServerProcess(env, port));
    const workers = [await startWorkerProcess(env), await startWorkerProcess(env)];
    children.push(...workers);
    process.env.DATABASE_URL = db.url;
    const { createDeveloperWithKeys } = await import("../../test/fixtures");
    const devs = await Promise.all([0, 1, 2].map(() => createDeveloperWithKeys({ plan: "enterprise" })));
    const tensor = new Uint8Array(syntheticTensor({ frameCount: 300, gzip: true }).tensor);
    const bases = PORTS.map((p) => `http://127.0.0.1:${p}`);
    console.log(
      `2 app instances, 2 workers, ${CLIENTS} clients, ${SECONDS} s; faults: ${["--kill-worker", "--db-blip", "--redis-blip"].filter(flag).join(" ") || "none"}`,
    );

    const deadline = Date.now() + SECONDS * 1000;
    const clients = Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = 0; Date.now() < deadline; i++) {
        const dev = devs[(c + i) % devs.length];
        const pair: [string, string] = [bases[(c + i) % 2], bases[(c + i + 1) % 2]];
        const kind = i % 4;
        if (kind === 3) await startOnly(tally, pair[0], dev.live.key);
        else await fullScan(tally, pair, kind === 2 ? dev.test.key : dev.live.key, kind !== 2, tensor);
      }
    });
    const chaos = (async () => {
      await sleep((SECONDS * 1000) / 3);
      if (flag("--kill-worker")) {
        workers[0].kill("SIGKILL");
        faults.push(`kill -9 worker ${workers[0].pid} at ${Math.round(SECONDS / 3)} s`);
        await sleep(5000);
        children.push(await startWorkerProcess(env));
      }
      if (flag("--db-blip")) {
        await pgProxy.cut();
        faults.push("PostgreSQL unreachable for 4 s");
        await sleep(4000);
        await pgProxy.restore();
      }
      await sleep((SECONDS * 1000) / 3);
      if (flag("--redis-blip")) {
        await redisProxy.cut();
        faults.push("Redis unreachable for 4 s");
        await sleep(4000);
        await redisProxy.restore();
      }
    })();
    const t0 = Date.now();
    await Promise.all([...clients, chaos]);
    const elapsed = (Date.now() - t0) / 1000;
    await sleep(1000);
    await report(
      tally,
      elapsed,
      faults,
      bases,
      devs.map((d) => d.developer.id),
    );
  } finally {
    for (const c of children) await stop(c);
    await pgProxy.stop();
    await redisProxy.stop();
    await dropDatabase(db.name);
  }
  process.exit(0);
}

async function report(t: Tally, elapsed: number, faults: string[], bases: string[], devIds: string[]) {
  const { db } = await import("../../lib/db");
  const answered = t.scans.vitals + t.scans.fallback + t.scans.sandbox;
  console.log(`\nFaults: ${faults.join("; ") || "none"}`);
  console.log(
    `Scans answered ${answered} (${(answered / elapsed).toFixed(1)}/s): ${t.scans.vitals} vitals, ${t.scans.fallback} fallback, ${t.scans.sandbox} sandbox; unanswered ${t.scans.unanswered}`,
  );
  for (const step of ["start", "upload", "complete"]) {
    const v = t.latency.get(step) ?? [];
    console.log(
      `  ${step.padEnd(9)} ${String(v.length).padStart(5)} answers   p50 ${pct(v, 50)} ms  p95 ${pct(v, 95)} ms  p99 ${pct(v, 99)} ms`,
    );
  }
  console.log("Answers by step and status:", Object.fromEntries([...t.statuses].sort()));
  const fiveHundreds = [...t.statuses]
    .filter(([k]) => / 5\d\d$/.test(k) && !k.endsWith(" 503"))
    .reduce((a, [, n]) => a + n, 0);
  const usage = await db.usageMonth.aggregate({ _sum: { scanCount: true }, where: { developerId: { in: devIds } } });
  const leftSessions = await db.session.count({ where: { id: { in: t.completedIds } } });
  const tensors = readdirSync(`${dir}/uploads`).filter((f) => f.endsWith(".tensor") || f.endsWith(".part"));
  const redis = new Redis(process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379");
  const resultKeys = (await redis.keys(`${PREFIX}scan-result:*`)).length;
  const health = await Promise.all(
    bases.map((b) => fetch(`${b}/health`).then(async (r) => ({ status: r.status, body: await r.json() }))),
  );
  // Clean up this run's keys (its own prefix only).
  const mine = await redis.keys(`${PREFIX}*`);
  if (mine.length) await redis.del(...mine);
  await redis.quit();
  const checks: [string, boolean, string][] = [
    ["no 500 (503 while a dependency is down is allowed)", fiveHundreds === 0, `${fiveHundreds}`],
    [
      "usage counters = live sessions started",
      usage._sum.scanCount === t.liveStarts,
      `${usage._sum.scanCount} counted, ${t.liveStarts} started`,
    ],
    ["every scan answered (vitals or fallback)", t.scans.unanswered === 0, `${t.scans.unanswered} unanswered`],
    ["no completed scan's session left", leftSessions === 0, `${leftSessions}`],
    ["no tensor left in storage", tensors.length === 0, `${tensors.length}`],
    ["no scan outcome left in Redis", resultKeys === 0, `${resultKeys}`],
    [
      "both instances healthy after, queue drained",
      health.every((h) => h.status === 200 && h.body.inference.waiting === 0 && h.body.inference.active === 0),
      JSON.stringify(health.map((h) => h.body.inference)),
    ],
  ];
  console.log("\nChecks:");
  for (const [name, ok, detail] of checks) console.log(`  ${ok ? "PASS" : "FAIL"}  ${name} (${detail})`);
  await db.$disconnect();
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
