// npm run db:migrate: applies prisma/migrations to DATABASE_URL, or to the embedded database.
import { env, EnvError } from "../lib/env";
import { applyMigrations } from "../lib/migrations/apply-migrations";
import { withMigrationExecutor } from "../lib/migrations/executors";
import { embeddedDbDir } from "../lib/db-location";

export async function migrate(): Promise<string[]> {
  const e = env();
  return withMigrationExecutor(
    { databaseUrl: e.DATABASE_URL, embeddedDir: embeddedDbDir(e.DATA_DIR) },
    applyMigrations,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  migrate()
    .then((ran) => console.log(ran.length ? `Applied: ${ran.join(", ")}` : "Database is up to date"))
    .catch((err) => {
      console.error(err instanceof EnvError ? err.message : `Migration failed: ${(err as Error).message}`);
      process.exit(1);
    });
}
