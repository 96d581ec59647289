// npm run bench:support: the support console's pages against the production build on
// PostgreSQL, with a busy account (10,000 audit rows, 10 keys) among 20,000 others, and the
// EXPLAIN (ANALYZE) plan of every query those pages run. Needs `npm run build` first and the
// PostgreSQL server of TEST_ADMIN_DATABASE_URL. Figures go to docs/benchmarks.md.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { Secret, TOTP } from "otpauth";
import { createServer, type AddressInfo } from "node:net";
import { applyMigrations } from "../../lib/migrations/apply-migrations";
import { withMigrationExecutor } from "../../lib/migrations/executors";
import { createDatabase, dropDatabase } from "../../test/pg-admin";
import { startServerProcess } from "../../test/server-process";
import { seedSupportData, STAFF } from "./support-seed";
import { explainSupportQueries } from "./support-explain";

// A free port: the machine is shared, and a fixed one may be taken.
const PORT = await new Promise<number>((resolve) => {
  const s = createServer().listen(0, "127.0.0.1", () => {
    const { port } = s.address() as AddressInfo;
    s.close(() => resolve(port));
  });
});
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = 20;
// The server and the seed share it: the staff member's authenticator secret is sealed under it.
process.env.NEXTAUTH_SECRET ??= randomBytes(32).toString("hex");

/** Signs in through next-auth's credentials flow, as the login form does, and returns the cookie header. */
async function signIn(): Promise<string> {
  const csrf = await fetch(`${BASE}/api/auth/csrf`);
  const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${BASE}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: new URLSearchParams({
      csrfToken,
      email: STAFF.email,
      password: STAFF.password,
      totp: new TOTP({
        secret: Secret.fromBase32(STAFF.totpSecret),
        digits: 6,
        period: 30,
        algorithm: "SHA1",
      }).generate(),
      json: "true",
    }),
  });
  const session = res.headers.getSetCookie().find((c) => c.includes("session-token"));
  if (!session) throw new Error(`sign-in failed: ${res.status}`);
  return [...jar, session.split(";")[0]].join("; ");
}

async function time(path: string, cookie: string) {
  const once = async () => {
    const t0 = performance.now();
    // No redirect followed: a page that sends staff elsewhere must fail here, not be timed as another.
    const res = await fetch(`${BASE}${path}`, { headers: { cookie }, redirect: "manual" });
    await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 3; i++) await once(); // compile, connect, warm caches
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) ms.push(await once());
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(RUNS / 2)]!, p95: ms[Math.ceil(RUNS * 0.95) - 1]!, max: ms[RUNS - 1]! };
}

async function main() {
  if (!existsSync(".next/BUILD_ID")) throw new Error("Run `npm run build` first");
  const db = await createDatabase("vitals_bench_support");
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    await withMigrationExecutor({ databaseUrl: db.url, embeddedDir: "" }, applyMigrations);
    const seeded = await seedSupportData(db.url);
    console.log(
      `Seeded: ${seeded.accounts} accounts, ${seeded.auditRows} audit rows (${seeded.busyAuditRows} on the busy account), ${seeded.keys} keys on it, ${seeded.usageRows} usage rows, ${seeded.logRows} request-log rows (${seeded.failingAccounts} accounts with many failures in the last 24 h)`,
    );
    server = await startServerProcess(
      { DATABASE_URL: db.url, DATA_DIR: `/tmp/vitals-bench-support-${process.pid}`, REQUIRE_APPROVAL: "true" },
      PORT,
    );
    console.log(
      `Machine: ${(await import("node:os")).cpus().length} cores, Node ${process.version}; ${RUNS} sequential requests per page after 3 warm-up requests`,
    );
    const cookie = await signIn();
    const pages = [
      ["baseline: /dashboard (the developer portal's own page)", "/dashboard"],
      ["/support (approval queue)", "/support?queue=approval"],
      ["/support newest sign-ups, page 400", "/support?queue=newest&page=400"],
      ["/support over 80% of quota", "/support?queue=quota"],
      ["/support many failed requests", "/support?queue=failing"],
      ["/support suspended", "/support?queue=suspended"],
      ["/support search", "/support?q=busy"],
      ["account page (timeline page 1)", `/support/accounts/${seeded.busyId}`],
      ["account page (timeline page 400 of 401)", `/support/accounts/${seeded.busyId}?audit_page=400`],
    ] as const;
    let baseline = 0;
    console.log("\npage                                              median ms   p95 ms   max ms   median / baseline");
    for (const [label, path] of pages) {
      const t = await time(path, cookie);
      baseline ||= t.median;
      console.log(
        `${label.padEnd(50)}${t.median.toFixed(0).padStart(9)}${t.p95.toFixed(0).padStart(9)}${t.max.toFixed(0).padStart(9)}${(t.median / baseline).toFixed(2).padStart(12)}`,
      );
    }
    server.kill();
    server = undefined;
    console.log("\nQuery plans (EXPLAIN (ANALYZE, BUFFERS)) of the queries behind those pages:");
    await explainSupportQueries(db.url, seeded.busyId);
  } finally {
    server?.kill();
    await new Promise((r) => setTimeout(r, 500));
    await dropDatabase(db.name);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
