import pg from "pg";

// Runs the support console's own lib functions once with Prisma's query log on, then asks
// PostgreSQL for EXPLAIN (ANALYZE, BUFFERS) of every statement they sent, with the same
// parameters. Prints each plan and whether it reads through an index.

type Captured = { query: string; params: unknown[] };

export async function explainSupportQueries(url: string, busyId: string) {
  process.env.DATABASE_URL = url;
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const { PrismaClient } = await import("../../lib/generated/prisma/client");
  const client = new PrismaClient({
    adapter: new PrismaPg({ connectionString: url }),
    log: [{ emit: "event", level: "query" }],
  });
  const captured: Captured[] = [];
  client.$on("query", (e) => captured.push({ query: e.query, params: JSON.parse(e.params) as unknown[] }));
  (globalThis as { __vitalsDb?: unknown }).__vitalsDb = { prisma: client, pool: null };
  const { listQueue } = await import("../../lib/support/queues");
  const { getAccountOverview } = await import("../../lib/support/account-overview");
  const { getAccountTimeline } = await import("../../lib/support/account-timeline");
  const { listNotes } = await import("../../lib/support/notes");
  const { findDevelopers } = await import("../../lib/support/find-developers");
  const { recentFailedRequests } = await import("../../lib/support/failed-requests");

  const calls: [string, () => Promise<unknown>][] = [
    ["approval queue", () => listQueue("approval", 1)],
    ["newest sign-ups, page 400", () => listQueue("newest", 400)],
    ["over 80% of quota", () => listQueue("quota", 1)],
    ["many failed requests", () => listQueue("failing", 1)],
    ["suspended", () => listQueue("suspended", 1)],
    ["search", () => findDevelopers("busy")],
    ["account overview", () => getAccountOverview(busyId)],
    ["timeline page 1", () => getAccountTimeline(busyId, 1)],
    ["timeline page 400", () => getAccountTimeline(busyId, 400)],
    ["notes", () => listNotes(busyId)],
    ["recent failed requests", () => recentFailedRequests(busyId)],
  ];
  const pgc = new pg.Client({ connectionString: url });
  await pgc.connect();
  try {
    for (const [label, call] of calls) {
      captured.length = 0;
      await call();
      for (const q of [...captured]) {
        const plan = await pgc.query({
          text: `EXPLAIN (ANALYZE, BUFFERS) ${q.query}`,
          values: q.params,
          rowMode: "array",
        });
        const lines = plan.rows.map((r) => String(r[0]));
        const usesIndex = lines.some((l) => /Index (Only )?Scan|Bitmap Index Scan/.test(l));
        const seq = lines.filter((l) => l.includes("Seq Scan")).map((l) => l.trim());
        console.log(
          `\n### ${label}: ${usesIndex ? "index" : "NO INDEX"}${seq.length ? ` (seq scans: ${seq.join("; ")})` : ""}`,
        );
        console.log(q.query.replace(/"public"\./g, "").slice(0, 400));
        console.log(lines.map((l) => `    ${l}`).join("\n"));
      }
    }
  } finally {
    await pgc.end();
    await client.$disconnect();
  }
}
