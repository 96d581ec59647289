// npm run bench:upload-abuse [-- --seconds 15 --clients 2]: the gzip-bomb replay of a security
// review against the production build (docs/api.md, "Upload limits"). Session start's latency
// idle; the server's CPU for five bomb chunks (~224 MB each once inflated); then N clients
// sending the bomb and resetting with a 1-byte PUT for S seconds while a probe starts sessions
// of another organization; then how long the server takes to answer as when idle again.
// Needs `npm run build` and PostgreSQL (TEST_ADMIN_DATABASE_URL).
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { applyMigrations } from "../../lib/migrations/apply-migrations";
import { withMigrationExecutor } from "../../lib/migrations/executors";
import { createDatabase, dropDatabase } from "../../test/pg-admin";
import { cpuMs, freePort, startServerProcess } from "../../test/server-process";
import { gzipBomb } from "../../test/tensors";

const argv = process.argv.slice(2);
const num = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const SECONDS = num("--seconds", 15);
const CLIENTS = num("--clients", 2);
const dir = `/tmp/vitals-bench-upload-abuse-${process.pid}`;
const median = (v: number[]) => (v.length ? [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]! : Number.NaN);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const db = await createDatabase("vitals_bench_upload_abuse");
  await withMigrationExecutor({ databaseUrl: db.url, embeddedDir: "" }, applyMigrations);
  let server: ChildProcess | undefined;
  try {
    server = await startServerProcess(
      { DATABASE_URL: db.url, DATA_DIR: `${dir}/data`, STORAGE_DIR: `${dir}/uploads`, RATE_LIMIT_STORE: "memory" },
      port,
    );
    process.env.DATABASE_URL = db.url;
    const { createDeveloperWithKeys } = await import("../../test/fixtures");
    const attacker = (await createDeveloperWithKeys({ plan: "enterprise" })).test.key;
    const prober = (await createDeveloperWithKeys({ plan: "enterprise" })).test.key;
    const bomb = gzipBomb(224 * 1024 * 1024);
    const range = `bytes 36-${35 + bomb.byteLength}/*`;

    const start = async (key: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/sdk/session/start`, { method: "POST", headers: { "x-api-key": key } });
      const ms = performance.now() - t0;
      const body = (await res.json()) as { upload_url?: string };
      return { ms, url: body.upload_url };
    };
    const put = async (url: string, body: Uint8Array<ArrayBuffer>, contentRange?: string) => {
      const res = await fetch(url, {
        method: "PUT",
        headers: {
          "content-type": "application/octet-stream",
          ...(contentRange ? { "content-range": contentRange } : {}),
        },
        body,
      });
      await res.body?.cancel();
      return res.status;
    };
    const startTimes = async (n: number) => {
      const times: number[] = [];
      for (let i = 0; i < n; i++) times.push((await start(prober)).ms);
      return times;
    };

    await startTimes(20); // warm-up
    const idle = median(await startTimes(40));
    console.log(`session start, idle: median ${idle.toFixed(1)} ms`);

    const urls: string[] = [];
    for (let i = 0; i < 5; i++) urls.push((await start(attacker)).url!);
    const cpu0 = cpuMs(server.pid!);
    const answers = [];
    for (const url of urls) answers.push(await put(url, bomb, range));
    await sleep(200);
    console.log(
      `five bombs (${(bomb.byteLength / 1024).toFixed(0)} KB each, ~224 MB inflated): answers ${answers.join(",")}; server CPU ${cpuMs(server.pid!) - cpu0} ms`,
    );

    const deadline = Date.now() + SECONDS * 1000;
    const statuses = new Map<number, number>();
    let sent = 0;
    const cpu1 = cpuMs(server.pid!);
    const clients = Array.from({ length: CLIENTS }, async () => {
      let url = (await start(attacker)).url!;
      while (Date.now() < deadline) {
        const status = await put(url, bomb, range);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        sent++;
        // Reset the chunks with a 1-byte whole PUT and send the bomb again; a new session once refused.
        if ((await put(url, new Uint8Array(1))) !== 200) url = (await start(attacker)).url!;
      }
    });
    const during: number[] = [];
    const probe = (async () => {
      while (Date.now() < deadline) {
        during.push((await start(prober)).ms);
        await sleep(50);
      }
    })();
    await Promise.all([...clients, probe]);
    const loadCpu = cpuMs(server.pid!) - cpu1;
    const stoppedAt = performance.now();
    let recovered = Number.NaN;
    for (let i = 0; i < 600; i++) {
      if (median(await startTimes(5)) <= 2 * idle) {
        recovered = performance.now() - stoppedAt;
        break;
      }
    }
    console.log(
      `${CLIENTS} clients for ${SECONDS} s: ${sent} bombs (answers ${[...statuses].map(([s, n]) => `${s}x${n}`).join(", ")}); server CPU ${loadCpu} ms`,
    );
    console.log(
      `session start under that load: median ${median(during).toFixed(1)} ms (${(median(during) / idle).toFixed(2)}x idle), max ${Math.max(...during).toFixed(0)} ms, ${during.length} starts`,
    );
    console.log(`back to within 2x idle ${recovered.toFixed(0)} ms after the clients stopped`);
  } finally {
    server?.kill();
    rmSync(dir, { recursive: true, force: true });
    await dropDatabase(db.name);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
