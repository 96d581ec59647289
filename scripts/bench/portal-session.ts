// npm run bench:portal-session: what the portal pays per request to read its session from the
// database (docs/api.md, "Portal sessions"), against the read it replaced (the account by its
// id), in one run on a fresh database with 20,000 accounts and 60,000 sessions.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { applyMigrations } from "@/lib/migrations/apply-migrations";
import { withMigrationExecutor } from "@/lib/migrations/executors";
import { createDatabase, dropDatabase } from "@/test/pg-admin";

const ROUNDS = 3000;

async function main() {
  const db = await createDatabase("vitals_bench_session");
  process.env.DATABASE_URL = db.url;
  try {
    await withMigrationExecutor({ databaseUrl: db.url, embeddedDir: "" }, applyMigrations);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(`
      INSERT INTO "Developer" (id, email, name, "passwordHash", status, "updatedAt")
      SELECT gen_random_uuid(), 'dev' || i || '@bench.test', 'Dev ' || i, 'x', 'active', now()
      FROM generate_series(1, 20000) i`);
    await client.query(`
      INSERT INTO "PortalSession" (id, "developerId", "expiresAt")
      SELECT gen_random_uuid(), d.id, now() + interval '7 days' FROM "Developer" d, generate_series(1, 3)`);
    await client.query("ANALYZE");
    await client.end();
    const { db: prisma } = await import("@/lib/db");
    const { developerForPortalSession } = await import("@/lib/auth/portal-session");
    const { developerForSession } = await import("@/lib/accounts/session-developer");
    const sessions = await prisma.portalSession.findMany({ take: ROUNDS, select: { id: true, developerId: true } });
    const time = async (read: (s: { id: string; developerId: string }) => Promise<unknown>) => {
      for (const s of sessions.slice(0, 200)) await read(s); // warm the connection and plans
      const ms: number[] = [];
      for (const s of sessions) {
        const t0 = performance.now();
        if (!(await read(s))) throw new Error("a read found nothing");
        ms.push(performance.now() - t0);
      }
      ms.sort((a, b) => a - b);
      return { median: ms[Math.floor(ms.length / 2)]!, p95: ms[Math.floor(ms.length * 0.95)]! };
    };
    const before = await time((s) => developerForSession(s.developerId, 0));
    const after = await time((s) => developerForPortalSession(s.id));
    const plan = await prisma.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
      `EXPLAIN SELECT * FROM "PortalSession" s JOIN "Developer" d ON d.id = s."developerId" WHERE s.id = '${randomUUID()}'`,
    );
    console.log(
      `Machine: ${(await import("node:os")).cpus().length} cores, Node ${process.version}; ${ROUNDS} reads each, sequential`,
    );
    console.log(
      `account by id (before):            median ${before.median.toFixed(3)} ms, p95 ${before.p95.toFixed(3)} ms`,
    );
    console.log(
      `session by id with account (now):  median ${after.median.toFixed(3)} ms, p95 ${after.p95.toFixed(3)} ms`,
    );
    console.log(`ratio now/before (median): ${(after.median / before.median).toFixed(2)}`);
    console.log(`plan: ${plan.map((r) => r["QUERY PLAN"].trim()).join(" | ")}`);
    await prisma.$disconnect();
  } finally {
    await dropDatabase(db.name);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
