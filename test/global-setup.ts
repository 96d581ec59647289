import { applyMigrations } from "../lib/migrations/apply-migrations";
import { withMigrationExecutor } from "../lib/migrations/executors";
import { createDatabase, dropDatabase } from "./pg-admin";

// One fresh, migrated PostgreSQL database for the whole run, unless TEST_DATABASE_URL names
// one already migrated. DATABASE_URL is never reused, so tests cannot touch a real database.
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) {
    process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
    return;
  }
  const { name, url } = await createDatabase();
  await withMigrationExecutor({ databaseUrl: url, embeddedDir: "" }, applyMigrations);
  process.env.DATABASE_URL = url;
  return async () => {
    await dropDatabase(name);
  };
}
