import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** The little a migration needs from a database connection (pg Client or PGlite). */
export interface SqlExecutor {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");

// Prisma's own bookkeeping table, so `prisma migrate deploy` agrees where its engine exists.
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export async function listMigrations(dir = MIGRATIONS_DIR) {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

/** Applies each migration once, in order, each in its own transaction. Returns the names applied. */
export async function applyMigrations(db: SqlExecutor, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(CREATE_TABLE);
  const done = await db.query<{ migration_name: string; checksum: string }>(
    `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Map(done.map((r) => [r.migration_name, r.checksum]));
  const ran: string[] = [];
  for (const m of await listMigrations(dir)) {
    const previous = applied.get(m.name);
    if (previous) {
      if (previous !== m.checksum) throw new Error(`Migration ${m.name} was changed after it was applied`);
      continue;
    }
    await db.exec("BEGIN");
    try {
      await db.exec(m.sql);
      await db.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count) VALUES ($1, $2, $3, now(), 1)`,
        [randomUUID(), m.checksum, m.name],
      );
      await db.exec("COMMIT");
    } catch (err) {
      await db.exec("ROLLBACK");
      throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
    }
    ran.push(m.name);
  }
  return ran;
}
