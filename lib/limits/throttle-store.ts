import { db } from "@/lib/db";

// Brute-force protection: 10 consecutive failures from one identifier within 15 minutes
// block it for 15 minutes. Scopes keep the SDK's and the login's counters apart.
export const THROTTLE_MAX_FAILURES = 10;
export const THROTTLE_WINDOW_SECONDS = 15 * 60;

export type ThrottleScope = "sdk" | "login";

/** null: no failures on record; otherwise the block's end, if a block was started. */
export type ThrottleState = { blockedUntil: Date | null } | null;

/** Where the counters live: PostgreSQL (below) or Redis (redis-auth-throttle.ts). */
export interface ThrottleStore {
  state(scope: ThrottleScope, identifier: string): Promise<ThrottleState>;
  /**
   * Counts one failure atomically; the 10th within the window starts the block. Returns the
   * run's count with this one (1 when it starts a new run).
   */
  recordFailure(scope: ThrottleScope, identifier: string, now: Date): Promise<number>;
  /**
   * A success ends the run of consecutive failures; not a running block, unless `endBlock`
   * (login: the success was counted up front, so a block now was started during its check).
   */
  recordSuccess(scope: ThrottleScope, identifier: string, now: Date, endBlock?: boolean): Promise<void>;
}

export class PostgresThrottleStore implements ThrottleStore {
  async state(scope: ThrottleScope, identifier: string): Promise<ThrottleState> {
    return db.authThrottle.findUnique({
      where: { scope_identifier: { scope, identifier } },
      select: { blockedUntil: true },
    });
  }

  async recordFailure(scope: ThrottleScope, identifier: string, now: Date): Promise<number> {
    const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_SECONDS * 1000);
    const blockEnd = new Date(now.getTime() + THROTTLE_WINDOW_SECONDS * 1000);
    const rows = await db.$queryRaw<{ failures: number }[]>`
      INSERT INTO "AuthThrottle" (scope, identifier, failures, "firstFailAt")
      VALUES (${scope}, ${identifier}, 1, ${now})
      ON CONFLICT (scope, identifier) DO UPDATE SET
        failures = CASE WHEN "AuthThrottle"."firstFailAt" < ${windowStart} THEN 1 ELSE "AuthThrottle".failures + 1 END,
        "firstFailAt" = CASE WHEN "AuthThrottle"."firstFailAt" < ${windowStart} THEN ${now} ELSE "AuthThrottle"."firstFailAt" END,
        "blockedUntil" = CASE
          WHEN "AuthThrottle"."firstFailAt" >= ${windowStart} AND "AuthThrottle".failures + 1 >= ${THROTTLE_MAX_FAILURES}
          THEN ${blockEnd} ELSE "AuthThrottle"."blockedUntil" END
      RETURNING failures`;
    return Number(rows[0]?.failures ?? 1);
  }

  async recordSuccess(scope: ThrottleScope, identifier: string, now: Date, endBlock = false): Promise<void> {
    await db.authThrottle.deleteMany({
      where: endBlock
        ? { scope, identifier }
        : { scope, identifier, OR: [{ blockedUntil: null }, { blockedUntil: { lte: now } }] },
    });
  }
}
