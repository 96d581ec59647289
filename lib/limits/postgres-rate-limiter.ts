import { db } from "@/lib/db";
import { decide, RATE_WINDOW_MS, type RateDecision, type RateLimiter } from "./rate-limiter";

type Row = {
  seq: bigint;
  lastAt: Date;
  allowed: boolean;
  firstSeq: bigint | null;
  firstAt: Date | null;
  seenSeq: bigint | null;
};

/**
 * Exact across any number of app instances, in one autocommit statement, O(1) in the window.
 *
 * The upsert on the developer's RateCounter row takes its row lock and, under READ COMMITTED,
 * evaluates the SET against the newest committed version, so concurrent requests are decided
 * one after another with the true newest seq. The window's first seq is read from the
 * statement's snapshot (an index probe on (developerId, at)); rows committed after that
 * snapshot are newer than every row it sees (seq order is lock order is commit order), so when
 * the snapshot holds no in-window row the first one is the snapshot's counter seq + 1.
 * count = newest seq - first seq + 1. Times never decrease with seq (GREATEST with lastAt),
 * which is what makes the seq arithmetic a count of the window.
 */
export class PostgresRateLimiter implements RateLimiter {
  async hit(developerId: string, limit: number, now: Date): Promise<RateDecision> {
    const since = new Date(now.getTime() - RATE_WINDOW_MS);
    const [row] = await db.$queryRaw<Row[]>`
      WITH seen AS (
        SELECT f.seq AS "firstSeq", f.at AS "firstAt",
               (SELECT c.seq FROM "RateCounter" c WHERE c."developerId" = ${developerId}::uuid) AS "seenSeq"
        FROM (SELECT 1) one
        LEFT JOIN LATERAL (
          SELECT seq, at FROM "RateHit" WHERE "developerId" = ${developerId}::uuid AND at > ${since}
          ORDER BY at, seq LIMIT 1
        ) f ON true
      ), counted AS (
        INSERT INTO "RateCounter" AS c ("developerId", seq, "lastAt", "lastAllowed")
        VALUES (${developerId}::uuid, CASE WHEN ${limit} > 0 THEN 1 ELSE 0 END, ${now}, ${limit} > 0)
        ON CONFLICT ("developerId") DO UPDATE SET
          seq = c.seq + CASE WHEN c.seq - (SELECT coalesce("firstSeq", "seenSeq" + 1, 1) FROM seen) + 1 < ${limit} THEN 1 ELSE 0 END,
          "lastAt" = CASE WHEN c.seq - (SELECT coalesce("firstSeq", "seenSeq" + 1, 1) FROM seen) + 1 < ${limit}
                          THEN GREATEST(c."lastAt", ${now}) ELSE c."lastAt" END,
          "lastAllowed" = c.seq - (SELECT coalesce("firstSeq", "seenSeq" + 1, 1) FROM seen) + 1 < ${limit}
        RETURNING c.seq, c."lastAt", c."lastAllowed"
      ), logged AS (
        INSERT INTO "RateHit" ("developerId", seq, at)
        SELECT ${developerId}::uuid, seq, "lastAt" FROM counted WHERE "lastAllowed"
      )
      SELECT counted.seq, counted."lastAt", counted."lastAllowed" AS allowed, seen."firstSeq", seen."firstAt", seen."seenSeq"
      FROM counted, seen`;
    const first = row.firstSeq ?? (row.seenSeq ?? 0n) + 1n;
    const counted = Number(row.seq - first + 1n);
    // The oldest in-window time is known unless every in-window row is newer than the snapshot.
    const oldestMs = (row.firstAt ?? row.lastAt).getTime();
    return decide(limit, counted, oldestMs, row.allowed, now);
  }

  /** The window's count and oldest time, read without counting. */
  private async window(developerId: string, now: Date): Promise<{ n: number; oldestMs: number }> {
    const since = new Date(now.getTime() - RATE_WINDOW_MS);
    const [row] = await db.$queryRaw<{ n: bigint | null; oldest: Date | null }[]>`
      SELECT (SELECT seq FROM "RateCounter" WHERE "developerId" = ${developerId}::uuid) - f.seq + 1 AS n, f.at AS oldest
      FROM (SELECT 1) one LEFT JOIN LATERAL (
        SELECT seq, at FROM "RateHit" WHERE "developerId" = ${developerId}::uuid AND at > ${since} ORDER BY at, seq LIMIT 1
      ) f ON true`;
    return { n: Number(row.n ?? 0n), oldestMs: row.oldest?.getTime() ?? now.getTime() };
  }

  async peek(developerId: string, limit: number, now: Date): Promise<RateDecision> {
    const { n, oldestMs } = await this.window(developerId, now);
    return decide(limit, n, oldestMs, n < limit, now);
  }

  async count(developerId: string, now: Date): Promise<number> {
    return (await this.window(developerId, now)).n;
  }

  async prune(now: Date): Promise<void> {
    await db.rateHit.deleteMany({ where: { at: { lte: new Date(now.getTime() - RATE_WINDOW_MS) } } });
  }
}
