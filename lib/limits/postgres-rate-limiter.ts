import { db } from "@/lib/db";
import { decide, RATE_WINDOW_MS, type RateDecision, type RateLimiter } from "./rate-limiter";

/**
 * Exact across any number of app instances: a transaction-scoped advisory lock per developer
 * serialises the count-then-insert, so concurrent requests never overshoot the limit.
 */
export class PostgresRateLimiter implements RateLimiter {
  async hit(developerId: string, limit: number, now: Date): Promise<RateDecision> {
    const since = new Date(now.getTime() - RATE_WINDOW_MS);
    return db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${developerId}, 0))`;
      const [window] = await tx.$queryRaw<{ n: number; oldest: Date | null }[]>`
        SELECT count(*)::int AS n, min(at) AS oldest
        FROM "RateLimitHit" WHERE "developerId" = ${developerId}::uuid AND at > ${since}`;
      const oldest = window.oldest?.getTime() ?? now.getTime();
      if (window.n >= limit) return decide(limit, window.n, oldest, false, now);
      await tx.rateLimitHit.create({ data: { developerId, at: now } });
      return decide(limit, window.n + 1, oldest, true, now);
    });
  }

  async count(developerId: string, now: Date): Promise<number> {
    return db.rateLimitHit.count({ where: { developerId, at: { gt: new Date(now.getTime() - RATE_WINDOW_MS) } } });
  }

  async prune(now: Date): Promise<void> {
    await db.rateLimitHit.deleteMany({ where: { at: { lte: new Date(now.getTime() - RATE_WINDOW_MS) } } });
  }
}
