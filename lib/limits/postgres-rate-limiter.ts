import { db } from "@/lib/db";
import { sqlTime, windowCtes } from "@/lib/sdk-access/sql";
import { decide, RATE_WINDOW_MS, type RateDecision, type RateLimiter } from "./rate-window";

type Row = {
  seq: bigint;
  lastAt: Date;
  allowed: boolean;
  firstSeq: bigint | null;
  firstAt: Date | null;
  seenSeq: bigint | null;
};

/** What the window's CTEs (lib/sdk-access/sql.ts, windowCtes) returned for one counted request. */
export type CountedWindow = {
  seq: bigint;
  lastAtMs: number;
  allowed: boolean;
  firstSeq: bigint | null;
  firstAtMs: number | null;
  seenSeq: bigint | null;
};

/** The decision on a request the window's CTEs counted (the arithmetic is explained below). */
export function countedDecision(w: CountedWindow, limit: number, now: Date): RateDecision {
  const first = w.firstSeq ?? (w.seenSeq ?? 0n) + 1n;
  // The oldest in-window time is known unless every in-window row is newer than the snapshot.
  return decide(limit, Number(w.seq - first + 1n), w.firstAtMs ?? w.lastAtMs, w.allowed, now);
}

const HIT_SQL = `
  WITH ok AS (SELECT $1::uuid AS "developerId", $4::int AS hourly),
  ${windowCtes({ now: "$2::timestamp", since: "$3::timestamp" })}
  SELECT counted.seq, counted."lastAt", counted."lastAllowed" AS allowed, seen."firstSeq", seen."firstAt", seen."seenSeq"
  FROM counted, seen`;

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
    const [row] = await db.$queryRawUnsafe<Row[]>(HIT_SQL, developerId, sqlTime(now), sqlTime(since), limit);
    const window = { ...row, lastAtMs: row.lastAt.getTime(), firstAtMs: row.firstAt?.getTime() ?? null };
    return countedDecision(window, limit, now);
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
