import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { embeddedDbDir } from "@/lib/db-location";

export type Db = PrismaClient;

/**
 * A PostgreSQL that accepts connections but never answers must not hang requests: every
 * statement has a deadline (DATABASE_QUERY_TIMEOUT_MS; the server cancels it a little earlier
 * by statement_timeout when it is merely slow, pg gives up on the socket when it is silent), and
 * so has opening a connection (per connection, in the client class below). Deliberately not the
 * pool's connectionTimeoutMillis: pg applies that to waiting for a free pooled connection too,
 * and a burst must queue, not fail. An unreachable server is refused at once (503 UNAVAILABLE).
 */
function createPool(connectionString: string): pg.Pool {
  const timeout = env().DATABASE_QUERY_TIMEOUT_MS;
  class DeadlineClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: timeout });
    }
  }
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    Client: DeadlineClient,
    query_timeout: timeout,
    statement_timeout: Math.max(50, timeout - 500),
  });
  // An idle connection that breaks is dropped by the pool; without a listener it would crash the process.
  pool.on("error", () => undefined);
  return pool;
}

type Clients = { prisma: PrismaClient; pool: pg.Pool | null };

function createClients(): Clients {
  const url = env().DATABASE_URL;
  const pool = url ? createPool(url) : null;
  // $disconnect ends the pool too (scripts exit when done).
  const adapter = pool
    ? new PrismaPg(pool, { disposeExternalPool: true })
    : new PrismaPGlite(new PGlite(embeddedDbDir(env().DATA_DIR)));
  // Bursts queue for a connection instead of failing after Prisma's default 2 s wait.
  return { prisma: new PrismaClient({ adapter, transactionOptions: { maxWait: 15_000, timeout: 15_000 } }), pool };
}

const globalForDb = globalThis as unknown as { __vitalsDb?: Clients };

function clients(): Clients {
  globalForDb.__vitalsDb ??= createClients();
  return globalForDb.__vitalsDb;
}

/** The one Prisma client of the process (PostgreSQL, or embedded PGlite). Created on first use. */
export function getDb(): PrismaClient {
  return clients().prisma;
}

/**
 * The pg pool under the Prisma client (the same connections), for the few hot statements sent
 * as named prepared statements without Prisma's per-query work; null on the embedded database.
 */
export function pgPool(): pg.Pool | null {
  return clients().pool;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_t, prop) {
    const client = getDb();
    const value = Reflect.get(client, prop, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});
