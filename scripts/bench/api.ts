// npm run bench:api [-- --rounds 5 --seconds 4] [--profile]: in one run against the same build, the
// physical limit (limit-server.ts: session start's statement behind a plain node:http server), a
// bare Next.js route handler's throughput and session start's, with limits in Redis
// and in PostgreSQL; session start with 1 and with 4,900 requests in the hourly window; the
// server's memory while a 45 MB tensor is uploaded and processed. --profile writes a CPU
// profile of the product server under session-start load and prints its top functions.
// Needs `npm run build` first, PostgreSQL (TEST_ADMIN_DATABASE_URL) and Redis (BENCH_REDIS_URL).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import pg from "pg";
import { Redis } from "ioredis";
import { encodeTensor, synthesizeFrames } from "@vitals/inference";
import { applyMigrations } from "../../lib/migrations/apply-migrations";
import { withMigrationExecutor } from "../../lib/migrations/executors";
import { createDatabase, dropDatabase } from "../../test/pg-admin";
import { BARE_PATH, buildBareApp, startBareServer } from "./bare-app";
import { summariseProfile } from "./cpu-profile";
import { describe, load, type Figures } from "./load-figures";
import { cpuMs, cpuMsOf, freePort, rssMiB, startServerProcess, waitForHealth } from "../../test/server-process";

// Free ports, picked at start: other benchmarks may run on this machine at the same time.
let PORT = 0;
let BARE_PORT = 0;
let PG_PORT = 0;
// The same server as PORT (limits in Redis) with the request log off (REQUEST_LOG=off).
let NO_LOG_PORT = 0;
// The physical limit: session start's statement behind a plain node:http server (limit-server.ts).
let LIMIT_PORT = 0;
const base = () => `http://127.0.0.1:${PG_PORT}`;
const argv = process.argv.slice(2);
const SECONDS = Number(argv[argv.indexOf("--seconds") + 1]) || 4;
const ROUNDS = Number(argv[argv.indexOf("--rounds") + 1]) || 5;
const PROFILE = argv.includes("--profile");
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const REDIS_KEY_PREFIX = `bench:${process.pid}:`;
const WINDOW_ROUNDS = 6;
const FULL_WINDOW = 4900;

type Dev = { id: string; key: string };
// Keys of this many accounts per throughput run, one per connection in turn: 4 x 5,000 an hour,
// so no run reaches an account's hourly limit (a 429 is a cheaper answer than a session).
const ACCOUNTS_PER_RUN = 4;

async function newDeveloper(): Promise<Dev> {
  const { createDeveloperWithKeys } = await import("../../test/fixtures");
  const { developer, live } = await createDeveloperWithKeys({ plan: "enterprise" });
  return { id: developer.id, key: live.key };
}

const startOpts = (key: string | string[], port: number) => ({
  url: `http://127.0.0.1:${port}/sdk/session/start`,
  method: "POST" as const,
  headers: { "x-api-key": Array.isArray(key) ? key[0] : key, "content-type": "application/json" },
  apiKeys: Array.isArray(key) ? key : undefined,
  body: JSON.stringify({ demographics: { age: 40, sex: "F", fitzpatrick: 3 } }),
});

/** Puts `n` counted requests of the last 30 minutes into a developer's window, in the store's own format. */
async function newKeys(n = ACCOUNTS_PER_RUN): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < n; i++) keys.push((await newDeveloper()).key);
  return keys;
}

async function fillWindow(store: string, dbUrl: string, devId: string, n: number) {
  const start = Date.now() - 30 * 60_000;
  if (store === "redis") {
    const client = new Redis(REDIS_URL, { keyPrefix: REDIS_KEY_PREFIX });
    await client.lpush(`rate:${devId}`, ...Array.from({ length: n }, (_, i) => start + i));
    await client.quit();
    return;
  }
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  await c.query(
    `INSERT INTO "RateHit" ("developerId", seq, at) SELECT $1, g, $2::timestamp + g * interval '1 ms' FROM generate_series(1, $3::int) g`,
    [devId, new Date(start), n],
  );
  await c.query(`INSERT INTO "RateCounter" ("developerId", seq, "lastAt", "lastAllowed") VALUES ($1, $2, $3, true)`, [
    devId,
    n,
    new Date(start + n),
  ]);
  await c.end();
}

/** Session start with 1 vs 4,900 requests in the window: alternating rounds of 90 requests each. */
async function windowCost(store: string, port: number, dbUrl: string): Promise<[Figures, Figures]> {
  const totals = [0, 0].map(() => ({ requests: 0, seconds: 0, bad: 0, p50: [] as number[], p99: [] as number[] }));
  for (let round = 0; round < WINDOW_ROUNDS; round++) {
    for (const [i, prefill] of [
      [0, 1],
      [1, FULL_WINDOW],
    ] as const) {
      const dev = await newDeveloper();
      await fillWindow(store, dbUrl, dev.id, prefill);
      const f = await load({ ...startOpts(dev.key, port), amount: 90 });
      Object.assign(totals[i], {
        requests: totals[i].requests + f.requests,
        seconds: totals[i].seconds + f.seconds,
        bad: totals[i].bad + f.bad,
      });
      totals[i].p50.push(f.p50);
      totals[i].p99.push(f.p99);
    }
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  return totals.map((t) => ({
    rps: t.requests / t.seconds,
    p50: median(t.p50),
    p99: median(t.p99),
    bad: t.bad,
    requests: t.requests,
    seconds: t.seconds,
  })) as [Figures, Figures];
}

async function benchUploadMemory(pid: number, key: string) {
  const synth = synthesizeFrames({ seed: 3, frameCount: 720 });
  const tensor = encodeTensor(synth.frames, { frameCount: 720, fps: 30 });
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
  const session = await (
    await fetch(`${base()}/sdk/session/start`, { method: "POST", headers: { "x-api-key": key } })
  ).json();
  const t0 = performance.now();
  const put = await fetch(session.upload_url, {
    method: "PUT",
    headers: { "content-type": "video/webm" },
    body: new Uint8Array(tensor),
  });
  const uploadMs = performance.now() - t0;
  const peakUpload = peak;
  const t1 = performance.now();
  const done = await fetch(`${base()}/sdk/session/upload-complete`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ session_id: session.session_id }),
  });
  const body = await done.json();
  const completeMs = performance.now() - t1;
  clearInterval(sampler);
  console.log(`\n45 MB tensor (${tensor.length} bytes, 720 frames), server RSS sampled every 20 ms`);
  console.log(
    `  upload       ${put.status} in ${uploadMs.toFixed(0)} ms; RSS ${before.toFixed(0)} -> peak ${peakUpload.toFixed(0)} MiB (+${(peakUpload - before).toFixed(0)} MiB)`,
  );
  console.log(
    `  complete     ${done.status} in ${completeMs.toFixed(0)} ms (processing_time_ms ${body.processing_time_ms}, HR ${body.vitals?.heart_rate} vs truth ${synth.truth.heartRate.toFixed(1)}, confidence ${body.vitals?.confidence})`,
  );
  console.log(`  peak RSS over upload + inference: ${peak.toFixed(0)} MiB (+${(peak - before).toFixed(0)} MiB)`);
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** Pools interleaved runs of one target: total requests over total time, median percentiles. */
function pool(runs: Figures[]): Figures {
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  const requests = runs.reduce((a, r) => a + r.requests, 0);
  const seconds = runs.reduce((a, r) => a + r.seconds, 0);
  return {
    rps: requests / seconds,
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    bad: runs.reduce((a, r) => a + r.bad, 0),
    requests,
    seconds,
  };
}

async function appServer(
  store: "redis" | "postgres",
  port: number,
  dbUrl: string,
  profileDir?: string,
  requestLog = "on",
) {
  const env: Record<string, string> = {
    DATABASE_URL: dbUrl,
    DATA_DIR: `/tmp/vitals-bench-${process.pid}`,
    RATE_LIMIT_STORE: store,
    REDIS_KEY_PREFIX,
    REQUEST_LOG: requestLog,
  };
  if (store === "redis") env.REDIS_URL = REDIS_URL;
  return startServerProcess(env, port, profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []);
}

/** A CPU profile of the server (limits in Redis) over a warm-up and 3 x --seconds of session starts alone. */
async function profileSessionStart(dbUrl: string, profileDir: string) {
  mkdirSync(profileDir, { recursive: true });
  const server = await appServer("redis", PORT, dbUrl, profileDir);
  await load({ ...startOpts((await newDeveloper()).key, PORT), amount: 300 });
  const f = await load({ ...startOpts(await newKeys(3 * ACCOUNTS_PER_RUN), PORT), seconds: 3 * SECONDS });
  await stop(server);
  const file = readdirSync(profileDir)
    .map((n) => path.join(profileDir, n))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
  console.log(`\nCPU profile of the server (limits in Redis) under session-start load: ${file}`);
  console.log(describe("session start while profiled", f));
  console.log(summariseProfile(file, 15, 3 * SECONDS));
}

/** The physical-limit server (limit-server.ts), on the benchmark's database. */
async function startLimitServer(port: number, dbUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("scripts/bench/limit-server.ts")], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: dbUrl, TSX_TSCONFIG_PATH: path.resolve("tsconfig.json") },
    stdio: "ignore",
  });
  await waitForHealth(
    child,
    `http://127.0.0.1:${port}/health`,
    15_000,
    () => "the physical-limit server did not start",
  );
  return child;
}

async function main() {
  if (!existsSync(".next/BUILD_ID")) throw new Error("Run `npm run build` first");
  [PORT, BARE_PORT, PG_PORT, NO_LOG_PORT, LIMIT_PORT] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const bareDir = buildBareApp();
  const db = await createDatabase("vitals_bench");
  process.env.DATABASE_URL = db.url;
  const profileDir = path.resolve(`.bench/profile-${process.pid}`);
  const servers: ChildProcess[] = [];
  try {
    await withMigrationExecutor({ databaseUrl: db.url, embeddedDir: "" }, applyMigrations);
    console.log(
      `Machine: ${cpus().length} cores, Node ${process.version}, load average ${loadavg()[0].toFixed(1)}; 16 connections`,
    );
    // All three servers run side by side and are measured in turn, round after round, so a
    // machine whose other load comes and goes weighs on each of them alike.
    if (PROFILE) await profileSessionStart(db.url, profileDir);
    servers.push(await startBareServer(bareDir, BARE_PORT));
    servers.push(await appServer("redis", PORT, db.url));
    servers.push(await appServer("postgres", PG_PORT, db.url));
    servers.push(await appServer("redis", NO_LOG_PORT, db.url, undefined, "off"));
    servers.push(await startLimitServer(LIMIT_PORT, db.url));
    const bareUrl = `http://127.0.0.1:${BARE_PORT}${BARE_PATH}`;
    await load({ url: bareUrl, amount: 500 });
    for (const port of [PORT, PG_PORT, NO_LOG_PORT, LIMIT_PORT])
      await load({ ...startOpts((await newDeveloper()).key, port), amount: 300 });
    const runs: Record<string, Figures[]> = { bare: [], redis: [], postgres: [], noLog: [], limit: [], idempotent: [] };
    // CPU time per answer (from /proc) of the server process and of PostgreSQL and Redis, which
    // share the machine's cores: far steadier than throughput on a machine other work shares
    // (the engines' figures include whatever else uses them meanwhile).
    const cpu: Record<string, { ms: number; pg: number; redis: number; requests: number }> = {};
    const measured = async (name: string, pid: number, run: () => Promise<Figures>) => {
      const before = [cpuMs(pid), cpuMsOf("postgres"), cpuMsOf("redis-server")];
      const f = await run();
      cpu[name] ??= { ms: 0, pg: 0, redis: 0, requests: 0 };
      const c = cpu[name];
      c.ms += cpuMs(pid) - before[0];
      c.pg += cpuMsOf("postgres") - before[1];
      c.redis += cpuMsOf("redis-server") - before[2];
      c.requests += f.requests;
      runs[name].push(f);
    };
    for (let round = 0; round < ROUNDS; round++) {
      await measured("bare", servers[0].pid!, () => load({ url: bareUrl, seconds: SECONDS }));
      const keys = [await newKeys(), await newKeys(), await newKeys(), await newKeys(), await newKeys()];
      await measured("redis", servers[1].pid!, () => load({ ...startOpts(keys[0], PORT), seconds: SECONDS }));
      await measured("postgres", servers[2].pid!, () => load({ ...startOpts(keys[1], PG_PORT), seconds: SECONDS }));
      await measured("noLog", servers[3].pid!, () => load({ ...startOpts(keys[2], NO_LOG_PORT), seconds: SECONDS }));
      await measured("limit", servers[4].pid!, () => load({ ...startOpts(keys[3], LIMIT_PORT), seconds: SECONDS }));
      await measured("idempotent", servers[1].pid!, () =>
        load({ ...startOpts(keys[4], PORT), seconds: SECONDS, idempotencyKeys: true }),
      );
    }
    const windows = {
      redis: await windowCost("redis", PORT, db.url),
      postgres: await windowCost("postgres", PG_PORT, db.url),
    };
    await benchUploadMemory(servers[2].pid!, (await newDeveloper()).key);
    const bare = pool(runs.bare);
    console.log(
      `\nThroughput at 16 connections, ${ROUNDS} interleaved rounds of ${SECONDS} s each (same build, same run)`,
    );
    const limit = pool(runs.limit);
    console.log(describe("physical limit (node:http + the statement)", limit));
    console.log(`${describe("bare route handler", bare)}   ${(bare.rps / limit.rps).toFixed(2)} of the limit`);
    for (const store of ["redis", "postgres"] as const) {
      const label = store === "redis" ? "PostgreSQL + Redis" : "PostgreSQL alone";
      const f = pool(runs[store]);
      console.log(
        `${describe(`session start, ${label}`, f)}   ${(f.rps / limit.rps).toFixed(2)} of the limit, ${(f.rps / bare.rps).toFixed(2)} of bare`,
      );
    }
    const noLog = pool(runs.noLog);
    console.log(
      `${describe("session start, PostgreSQL + Redis, request log off", noLog)}   request log on: ${(pool(runs.redis).rps / noLog.rps).toFixed(2)} of off`,
    );
    const idempotent = pool(runs.idempotent);
    console.log(
      `${describe("session start, PostgreSQL + Redis, a new Idempotency-Key each", idempotent)}   ${(idempotent.rps / pool(runs.redis).rps).toFixed(2)} of without`,
    );
    const perRequest = (name: string) => cpu[name].ms / cpu[name].requests;
    console.log(
      `  server CPU per answer: bare ${perRequest("bare").toFixed(2)} ms, session start with Redis ${perRequest("redis").toFixed(2)} ms (bare = ${(perRequest("bare") / perRequest("redis")).toFixed(2)} of it), PostgreSQL alone ${perRequest("postgres").toFixed(2)} ms (${(perRequest("bare") / perRequest("postgres")).toFixed(2)})`,
    );
    for (const name of ["limit", "bare", "redis", "postgres", "idempotent"]) {
      const c = cpu[name];
      const per = (ms: number) => (ms / c.requests).toFixed(2);
      console.log(
        `  CPU per answer, ${name.padEnd(8)}: server ${per(c.ms)} ms, PostgreSQL ${per(c.pg)} ms, Redis ${per(c.redis)} ms`,
      );
    }
    console.log(
      `  per round (req/s): ${runs.bare.map((b, i) => `${runs.limit[i].rps.toFixed(0)}/${b.rps.toFixed(0)}/${runs.redis[i].rps.toFixed(0)}/${runs.postgres[i].rps.toFixed(0)}`).join("  ")}  (limit/bare/redis/postgres)`,
    );
    console.log(
      `\nSession start with 1 vs ${FULL_WINDOW} requests already in the hourly window (${WINDOW_ROUNDS} alternating rounds of 90)`,
    );
    for (const [store, w] of Object.entries(windows)) {
      console.log(describe(`${store}: 1 in window`, w[0]));
      console.log(`${describe(`${store}: ${FULL_WINDOW} in window`, w[1])}   ${(w[1].rps / w[0].rps).toFixed(2)} of 1`);
    }
  } finally {
    for (const s of servers) await stop(s);
    await dropDatabase(db.name);
  }
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
