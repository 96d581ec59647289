// npm run bench:webhooks [-- --events 2000 --seconds 15 --clients 6]: one production server
// on a database of its own, and a real HTTP receiver on this machine.
// 1. Delivery rate: events queued at once for one endpoint; deliveries per second until the
//    receiver has every one.
// 2. Scan throughput (sandbox scans, so inference does not drown the difference) without
//    webhooks, with an endpoint answering 200, and with one that never answers, in alternating
//    rounds of the same run; the ratios against "without" are the figures.
// Needs `npm run build` and PostgreSQL (TEST_ADMIN_DATABASE_URL).
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { applyMigrations } from "../../lib/migrations/apply-migrations";
import { withMigrationExecutor } from "../../lib/migrations/executors";
import { createDatabase, dropDatabase } from "../../test/pg-admin";
import { freePort, startServerProcess } from "../../test/server-process";
import { startReceiver } from "../../test/webhook-receiver";
import { fullScan, newTally } from "./scan-client";

const argv = process.argv.slice(2);
const num = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const EVENTS = num("--events", 2000);
const SECONDS = num("--seconds", 15);
const CLIENTS = num("--clients", 6);
const ROUNDS = 2;
const dir = `/tmp/vitals-bench-webhooks-${process.pid}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (v: number[], p: number) =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor((p / 100) * v.length))];

async function main() {
  const database = await createDatabase("vitals_bench_webhooks");
  await withMigrationExecutor({ databaseUrl: database.url, embeddedDir: "" }, applyMigrations);
  process.env.DATABASE_URL = database.url;
  const receiver = await startReceiver();
  receiver.script("/hang", ["hang"]);
  const port = await freePort();
  let server: ChildProcess | undefined;
  try {
    server = await startServerProcess(
      {
        DATABASE_URL: database.url,
        DATA_DIR: `${dir}/data`,
        STORAGE_DIR: `${dir}/uploads`,
        NODE_ENV: "production",
        WEBHOOK_ALLOW_LOOPBACK: "true",
        WEBHOOK_TIMEOUT_MS: "2000",
        UPLOAD_SIGNING_SECRET: "bench-webhooks-upload-signing-secret-0123456789",
        NEXTAUTH_SECRET: "bench-webhooks-nextauth-secret",
      },
      port,
    );
    process.env.NEXTAUTH_SECRET = "bench-webhooks-nextauth-secret";
    const base = `http://127.0.0.1:${port}`;
    const { db } = await import("../../lib/db");
    const { createDeveloperWithKeys } = await import("../../test/fixtures");
    const { createEndpoint } = await import("../../lib/webhooks/endpoints");
    const { emitEvent } = await import("../../lib/webhooks/emit");
    const addEndpoint = (developerId: string, path: string) =>
      createEndpoint(
        { organizationId: developerId, accountId: developerId, ip: "127.0.0.1" },
        { url: `${receiver.base}${path}`, environment: "test", event_types: ["scan.completed"] },
      );

    // 1. Delivery rate.
    const sink = await createDeveloperWithKeys({ plan: "enterprise" });
    const { endpoint } = await addEndpoint(sink.developer.id, "/sink");
    const queuedAt = performance.now();
    for (let i = 0; i < EVENTS; i += 200)
      await db.$transaction(async (tx) => {
        for (let j = i; j < Math.min(EVENTS, i + 200); j++)
          await emitEvent(
            tx,
            { developerId: sink.developer.id, environment: "test", type: "webhook.test", data: { n: j } },
            { endpointId: endpoint.id },
          );
      });
    const queuedMs = performance.now() - queuedAt;
    const t0 = performance.now();
    while (receiver.at("/sink").length < EVENTS) await sleep(20);
    const deliverMs = performance.now() - t0;
    const ids = new Set(receiver.at("/sink").map((r) => r.headers["webhook-id"]));
    console.log(
      `Delivery: ${EVENTS} events queued in ${queuedMs.toFixed(0)} ms, all received ${deliverMs.toFixed(0)} ms later`,
    );
    console.log(`  ${(EVENTS / (deliverMs / 1000)).toFixed(0)} deliveries/s, ${ids.size} distinct event ids`);

    // 2. Scan throughput, alternating conditions.
    const accounts = {
      without: await createDeveloperWithKeys({ plan: "enterprise" }),
      "with receiver": await createDeveloperWithKeys({ plan: "enterprise" }),
      "with dead receiver": await createDeveloperWithKeys({ plan: "enterprise" }),
    };
    await addEndpoint(accounts["with receiver"].developer.id, "/scans");
    await addEndpoint(accounts["with dead receiver"].developer.id, "/hang");
    const tensor = new Uint8Array(1024);
    const results = new Map<string, { scans: number; seconds: number; complete: number[] }>();
    for (let round = 0; round < ROUNDS; round++)
      for (const [name, account] of Object.entries(accounts)) {
        const tally = newTally();
        const deadline = Date.now() + (SECONDS * 1000) / ROUNDS;
        const started = performance.now();
        await Promise.all(
          Array.from({ length: CLIENTS }, async () => {
            while (Date.now() < deadline) await fullScan(tally, [base, base], account.test.key, false, tensor);
          }),
        );
        const r = results.get(name) ?? { scans: 0, seconds: 0, complete: [] };
        r.scans += tally.scans.sandbox;
        r.seconds += (performance.now() - started) / 1000;
        r.complete.push(...(tally.latency.get("complete") ?? []));
        results.set(name, r);
      }
    const rate = (name: string) => results.get(name)!.scans / results.get(name)!.seconds;
    console.log(`Scans (sandbox), ${CLIENTS} clients, ${ROUNDS} rounds of ${SECONDS / ROUNDS} s per condition:`);
    for (const [name, r] of results)
      console.log(
        `  ${name.padEnd(20)} ${rate(name).toFixed(1).padStart(6)} scans/s (${(rate(name) / rate("without")).toFixed(2)}x)  upload-complete p50 ${pct(r.complete, 50).toFixed(1)} ms, p95 ${pct(r.complete, 95).toFixed(1)} ms`,
      );
    const received = receiver.at("/scans").length;
    const scanned = results.get("with receiver")!.scans;
    await sleep(3000);
    console.log(
      `  scan.completed received: ${receiver.at("/scans").length} of ${scanned} (${received} while scanning)`,
    );
    await db.$disconnect();
  } finally {
    server?.kill();
    await receiver.close();
    await dropDatabase(database.name).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
