import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { applyMigrations } from "./apply-migrations";
import { pgliteExecutor } from "./executors";

async function migrationsDir(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), "migrations-"));
  for (const [name, sql] of Object.entries(files)) {
    await mkdir(path.join(dir, name));
    await writeFile(path.join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

describe("applyMigrations", () => {
  it("applies each migration once, in order, and records it in _prisma_migrations", async () => {
    const dir = await migrationsDir({
      "2_b": `INSERT INTO t VALUES (2);`,
      "1_a": `CREATE TABLE t (v int); INSERT INTO t VALUES (1);`,
    });
    const db = pgliteExecutor(new PGlite());
    expect(await applyMigrations(db, dir)).toEqual(["1_a", "2_b"]);
    expect(await applyMigrations(db, dir)).toEqual([]);
    expect(await db.query<{ v: number }>("SELECT v FROM t ORDER BY v")).toEqual([{ v: 1 }, { v: 2 }]);
    const rows = await db.query<{ migration_name: string }>(
      `SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(["1_a", "2_b"]);
  });

  it("rolls a failing migration back whole and reports it", async () => {
    const dir = await migrationsDir({ "1_bad": `CREATE TABLE u (v int); SELECT no_such_function();` });
    const db = pgliteExecutor(new PGlite());
    await expect(applyMigrations(db, dir)).rejects.toThrow(/1_bad failed/);
    expect(await db.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'u'`)).toEqual([]);
  });

  it("refuses a migration edited after it was applied", async () => {
    const dir = await migrationsDir({ "1_a": `CREATE TABLE t (v int);` });
    const db = pgliteExecutor(new PGlite());
    await applyMigrations(db, dir);
    await writeFile(path.join(dir, "1_a", "migration.sql"), `CREATE TABLE t (v bigint);`);
    await expect(applyMigrations(db, dir)).rejects.toThrow(/changed after it was applied/);
  });
});
