import { db } from "@/lib/db";
import { decide, RATE_WINDOW_MS, type RateDecision, type RateLimiter } from "./rate-limiter";

/**
 * Exact across any number of app instances: a transaction-scoped advisory lock per developer
 * serialises count-then-insert. The count runs as a second statement so that its snapshot is
 * taken after the lock is held (READ COMMITTED) and sees every earlier request's row.
 * A batch transaction keeps it to one round trip per statement with no interactive session.
 */
export class PostgresRateLimiter implements RateLimiter {
  async hit(developerId: string, limit: number, now: Date): Promise<RateDecision> {
    const since = new Date(now.getTime() - RATE_WINDOW_MS);
    const [, rows] = await db.$transaction([
      db.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${developerId}, 0))::text AS locked`,
      db.$queryRaw<{ n: number; oldest: Date | null; inserted: number }[]>`
        WITH win AS (
          SELECT count(*)::int AS n, min(at) AS oldest FROM "RateLimitHit"
          WHERE "developerId" = ${developerId}::uuid AND at > ${since}
        ), ins AS (
          INSERT INTO "RateLimitHit" ("developerId", at)
          SELECT ${developerId}::uuid, ${now} FROM win WHERE win.n < ${limit}
          RETURNING 1
        )
        SELECT win.n, win.oldest, (SELECT count(*)::int FROM ins) AS inserted FROM win`,
    ]);
    const { n, oldest, inserted } = rows[0];
    const oldestMs = oldest?.getTime() ?? now.getTime();
    return inserted === 1 ? decide(limit, n + 1, oldestMs, true, now) : decide(limit, n, oldestMs, false, now);
  }

  async count(developerId: string, now: Date): Promise<number> {
    return db.rateLimitHit.count({ where: { developerId, at: { gt: new Date(now.getTime() - RATE_WINDOW_MS) } } });
  }

  async prune(now: Date): Promise<void> {
    await db.rateLimitHit.deleteMany({ where: { at: { lte: new Date(now.getTime() - RATE_WINDOW_MS) } } });
  }
}
