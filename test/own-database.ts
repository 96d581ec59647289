import { afterAll, beforeAll } from "vitest";
import { db } from "@/lib/db";
import { resetEnv } from "@/lib/env";
import { applyMigrations } from "@/lib/migrations/apply-migrations";
import { withMigrationExecutor } from "@/lib/migrations/executors";
import { createDatabase, dropDatabase } from "@/test/pg-admin";

/**
 * The calling test file runs on a migrated database of its own, dropped after it: for files
 * whose sweeps at a clock ahead would delete the sessions and client tokens of the files
 * running beside them on the shared one.
 */
export function runOnOwnDatabase(prefix: string): void {
  let database: { name: string; url: string } | undefined;
  beforeAll(async () => {
    database = await createDatabase(prefix);
    await withMigrationExecutor({ databaseUrl: database.url, embeddedDir: "" }, applyMigrations);
    process.env.DATABASE_URL = database.url;
    resetEnv();
  });
  afterAll(async () => {
    await db.$disconnect();
    if (database) await dropDatabase(database.name);
  });
}
