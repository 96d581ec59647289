import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { embeddedDbDir } from "@/lib/db-location";

export type Db = PrismaClient;

function createClient(): PrismaClient {
  const url = env().DATABASE_URL;
  // No connection timeout: pg applies it to waiting for a free pooled connection too, and a
  // burst must queue, not fail. An unreachable server is refused at once (503 UNAVAILABLE).
  const adapter = url
    ? new PrismaPg({ connectionString: url, max: 10 })
    : new PrismaPGlite(new PGlite(embeddedDbDir(env().DATA_DIR)));
  // Bursts queue for a connection instead of failing after Prisma's default 2 s wait.
  return new PrismaClient({ adapter, transactionOptions: { maxWait: 15_000, timeout: 15_000 } });
}

const globalForDb = globalThis as unknown as { __vitalsDb?: PrismaClient };

/** The one Prisma client of the process (PostgreSQL, or embedded PGlite). Created on first use. */
export function getDb(): PrismaClient {
  return (globalForDb.__vitalsDb ??= createClient());
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_t, prop) {
    const client = getDb();
    const value = Reflect.get(client, prop, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});
