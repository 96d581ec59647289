import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

// Brute-force protection: 10 consecutive failures from one identifier within 15 minutes
// block it for 15 minutes. Scopes keep the SDK's and the login's counters apart.
export const THROTTLE_MAX_FAILURES = 10;
export const THROTTLE_WINDOW_SECONDS = 15 * 60;

export type ThrottleScope = "sdk" | "login";

/** Throws 429 AUTH_BLOCKED while the identifier is blocked; true when failures are on record. */
export async function assertNotBlocked(scope: ThrottleScope, identifier: string, now = new Date()): Promise<boolean> {
  const row = await db.authThrottle.findUnique({ where: { scope_identifier: { scope, identifier } } });
  if (row?.blockedUntil && row.blockedUntil > now) {
    const retryAfter = Math.max(1, Math.ceil((row.blockedUntil.getTime() - now.getTime()) / 1000));
    throw new ApiError("AUTH_BLOCKED", "Too many failed authentication attempts; try again later", retryAfter);
  }
  return row !== null;
}

/** Counts one failure atomically; the 10th within the window starts the block. */
export async function recordAuthFailure(scope: ThrottleScope, identifier: string, now = new Date()): Promise<void> {
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_SECONDS * 1000);
  const blockEnd = new Date(now.getTime() + THROTTLE_WINDOW_SECONDS * 1000);
  await db.$executeRaw`
    INSERT INTO "AuthThrottle" (scope, identifier, failures, "firstFailAt")
    VALUES (${scope}, ${identifier}, 1, ${now})
    ON CONFLICT (scope, identifier) DO UPDATE SET
      failures = CASE WHEN "AuthThrottle"."firstFailAt" < ${windowStart} THEN 1 ELSE "AuthThrottle".failures + 1 END,
      "firstFailAt" = CASE WHEN "AuthThrottle"."firstFailAt" < ${windowStart} THEN ${now} ELSE "AuthThrottle"."firstFailAt" END,
      "blockedUntil" = CASE
        WHEN "AuthThrottle"."firstFailAt" >= ${windowStart} AND "AuthThrottle".failures + 1 >= ${THROTTLE_MAX_FAILURES}
        THEN ${blockEnd} ELSE "AuthThrottle"."blockedUntil" END`;
}

/** A success ends the run of consecutive failures. */
export async function recordAuthSuccess(scope: ThrottleScope, identifier: string, now = new Date()): Promise<void> {
  await db.authThrottle.deleteMany({
    where: { scope, identifier, OR: [{ blockedUntil: null }, { blockedUntil: { lte: now } }] },
  });
}
