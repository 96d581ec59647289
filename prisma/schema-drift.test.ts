import { execFileSync } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "@/lib/migrations/apply-migrations";
import { withMigrationExecutor } from "@/lib/migrations/executors";
import { createDatabase, dropDatabase } from "@/test/pg-admin";
import { catalogDrift, catalogSnapshot, type CatalogSnapshot } from "@/test/catalog-snapshot";

// The migrations must build exactly the database schema.prisma describes. The expected
// database is built from schema.prisma alone (Prisma's schema engine, via `npm run db:diff`'s
// scripts/migration-sql.sh); the actual one from prisma/migrations. Their catalogs must be identical.
const MIGRATION_SQL = path.resolve("scripts", "migration-sql.sh");

async function exec(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

describe("schema drift", () => {
  const dbs: string[] = [];
  let expected: CatalogSnapshot;
  let expectedSql: string;

  async function migratedDatabase() {
    const { name, url } = await createDatabase("vitals_drift");
    dbs.push(name);
    await withMigrationExecutor({ databaseUrl: url, embeddedDir: "" }, applyMigrations);
    return url;
  }

  beforeAll(async () => {
    expectedSql = execFileSync("bash", [MIGRATION_SQL, "--empty", "prisma/schema.prisma"], {
      encoding: "utf8",
      timeout: 300_000,
    });
    expect(expectedSql).toContain("CREATE TABLE");
    const { name, url } = await createDatabase("vitals_expected");
    dbs.push(name);
    await exec(url, expectedSql);
    expected = await catalogSnapshot(url);
  }, 300_000);

  afterAll(async () => {
    for (const name of dbs) await dropDatabase(name);
  });

  it("migrations produce exactly the schema of schema.prisma", async () => {
    const actual = await catalogSnapshot(await migratedDatabase());
    expect(expected.columns.length).toBeGreaterThan(40);
    expect(catalogDrift(expected, actual)).toEqual([]);
  });

  const mutations: [string, string, RegExp][] = [
    ["a column added", `ALTER TABLE "Developer" ADD COLUMN "extra" TEXT`, /unexpected columns: Developer\.extra/],
    ["a type changed", `ALTER TABLE "UsageMonth" ALTER COLUMN "scanCount" TYPE BIGINT`, /UsageMonth\.scanCount/],
    ["nullability changed", `ALTER TABLE "ApiKey" ALTER COLUMN "name" DROP NOT NULL`, /ApiKey\.name/],
    [
      "a default changed",
      `ALTER TABLE "Developer" ALTER COLUMN "sessionVersion" SET DEFAULT 1`,
      /Developer\.sessionVersion/,
    ],
    ["an index dropped", `DROP INDEX "Result_deleteAfter_idx"`, /missing indexes: .*Result_deleteAfter_idx/],
    ["an enum value added", `ALTER TYPE "Plan" ADD VALUE 'free'`, /enums: Plan/],
  ];

  it.each(mutations)("fails when %s", async (_label, sql, pattern) => {
    const url = await migratedDatabase();
    await exec(url, sql);
    const drift = catalogDrift(expected, await catalogSnapshot(url));
    expect(drift.length).toBeGreaterThan(0);
    expect(drift.join("\n")).toMatch(pattern);
  });
});
