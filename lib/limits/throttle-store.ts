import { db } from "@/lib/db";

// Brute-force protection (docs/api.md, "Brute-force protection"): a run of failures for one
// identifier within 15 minutes; the scope's limit-th starts a 15-minute block. Each scope has
// its own counters and limit:
//   sdk             per client IP: invalid API keys or client tokens
//   login           per client IP: failed sign-ins, whatever the account
//   login-account   per e-mail address: failed sign-ins to that address, from any IP
//   login-device    per device cookie: failed sign-ins from a browser that signed in before,
//                   counted instead of login-account (lib/auth/device-cookie.ts)
//   second-factor   per account id: wrong authenticator, recovery or mailed codes
export const THROTTLE_WINDOW_SECONDS = 15 * 60;

export const THROTTLE_LIMITS = {
  sdk: 10,
  login: 30,
  "login-account": 10,
  "login-device": 10,
  "second-factor": 5,
} as const;

export type ThrottleScope = keyof typeof THROTTLE_LIMITS;

/** null: no failures on record; otherwise the block's end, if a block was started. */
export type ThrottleState = { blockedUntil: Date | null } | null;

/** Where the counters live: PostgreSQL (below) or Redis (redis-auth-throttle.ts). */
export interface ThrottleStore {
  state(scope: ThrottleScope, identifier: string): Promise<ThrottleState>;
  /**
   * Counts one failure atomically; the scope's limit-th within the window starts the block.
   * Returns the run's count with this one (1 when it starts a new run).
   */
  recordFailure(scope: ThrottleScope, identifier: string, now: Date): Promise<number>;
  /**
   * A success ends this identifier's run; not a running block, unless `endBlock` (the success
   * was counted up front, so a block now was started during its check).
   */
  recordSuccess(scope: ThrottleScope, identifier: string, now: Date, endBlock?: boolean): Promise<void>;
  /**
   * Takes back one failure counted up front for an attempt that turned out not to fail; a block
   * ends only if the failures left are below the limit. Shared identifiers (a client IP) use it
   * instead of recordSuccess, so one account's success does not clear another's failures.
   */
  forgiveOne(scope: ThrottleScope, identifier: string, now: Date): Promise<void>;
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
    const limit = THROTTLE_LIMITS[scope];
    const rows = await db.$queryRaw<{ failures: number }[]>`
      INSERT INTO "AuthThrottle" (scope, identifier, failures, "firstFailAt", "blockedUntil")
      VALUES (${scope}, ${identifier}, 1, ${now}, ${limit <= 1 ? blockEnd : null})
      ON CONFLICT (scope, identifier) DO UPDATE SET
        failures = CASE WHEN "AuthThrottle"."firstFailAt" < ${windowStart} THEN 1 ELSE "AuthThrottle".failures + 1 END,
        "firstFailAt" = CASE WHEN "AuthThrottle"."firstFailAt" < ${windowStart} THEN ${now} ELSE "AuthThrottle"."firstFailAt" END,
        "blockedUntil" = CASE
          WHEN "AuthThrottle"."firstFailAt" >= ${windowStart} AND "AuthThrottle".failures + 1 >= ${limit}
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

  async forgiveOne(scope: ThrottleScope, identifier: string): Promise<void> {
    const limit = THROTTLE_LIMITS[scope];
    await db.$executeRaw`
      UPDATE "AuthThrottle" SET
        failures = GREATEST(failures - 1, 0),
        "blockedUntil" = CASE WHEN failures - 1 < ${limit} THEN NULL ELSE "blockedUntil" END
      WHERE scope = ${scope} AND identifier = ${identifier}`;
  }
}
