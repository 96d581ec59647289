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

type Clients = { prisma: PrismaClient; pool: pg.Pool | null; embedded: PGlite | null };

function createClients(): Clients {
  const url = env().DATABASE_URL;
  const pool = url ? createPool(url) : null;
  const embedded = pool ? null : new PGlite(embeddedDbDir(env().DATA_DIR));
  // $disconnect ends the pool too; the embedded database needs its own close (closeDb).
  const adapter = pool ? new PrismaPg(pool, { disposeExternalPool: true }) : new PrismaPGlite(embedded!);
  // Bursts queue for a connection instead of failing after Prisma's default 2 s wait.
  return {
    prisma: new PrismaClient({ adapter, transactionOptions: { maxWait: 15_000, timeout: 15_000 } }),
    pool,
    embedded,
  };
}

const globalForDb = globalThis as unknown as { __vitalsDb?: Clients };

function clients(): Clients {
  globalForDb.__vitalsDb ??= createClients();
  return globalForDb.__vitalsDb;
}

/**
 * Ends the process's database use, for scripts that exit when done: Prisma's connections,
 * and the embedded database itself, which otherwise keeps the process (and the data
 * directory, which serves one process) alive.
 */
export async function closeDb(): Promise<void> {
  const open = globalForDb.__vitalsDb;
  if (!open) return;
  globalForDb.__vitalsDb = undefined;
  await open.prisma.$disconnect();
  if (open.embedded && !open.embedded.closed) await open.embedded.close();
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
