import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import type { SqlExecutor } from "./apply-migrations";

export function pgExecutor(client: pg.Client): SqlExecutor {
  return {
    exec: async (sql) => void (await client.query(sql)),
    query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
  };
}

export function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    exec: async (sql) => void (await client.exec(sql)),
    query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
  };
}

/** Opens the configured database (PostgreSQL URL or embedded directory), runs fn, closes it. */
export async function withMigrationExecutor<T>(
  target: { databaseUrl?: string; embeddedDir: string },
  fn: (db: SqlExecutor) => Promise<T>,
): Promise<T> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      return await fn(pgExecutor(client));
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const client = new PGlite(target.embeddedDir);
  try {
    return await fn(pgliteExecutor(client));
  } finally {
    await client.close();
  }
}
