import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { RedisThrottleStore } from "./redis-auth-throttle";
import {
  PostgresThrottleStore,
  THROTTLE_MAX_FAILURES,
  THROTTLE_WINDOW_SECONDS,
  type ThrottleScope,
  type ThrottleState,
  type ThrottleStore,
} from "./throttle-store";
import { retryAfterSeconds } from "@/lib/time";

export {
  THROTTLE_MAX_FAILURES,
  THROTTLE_WINDOW_SECONDS,
  type ThrottleScope,
  type ThrottleState,
} from "./throttle-store";

const globalForThrottle = globalThis as unknown as { __vitalsThrottle?: ThrottleStore };

/** Redis when the limits are counted there (RATE_LIMIT_STORE=redis), else the database. */
export function throttleStore(): ThrottleStore {
  globalForThrottle.__vitalsThrottle ??=
    env().rateLimitStore === "redis" ? new RedisThrottleStore() : new PostgresThrottleStore();
  return globalForThrottle.__vitalsThrottle;
}

const authBlocked = (retryAfter: number) =>
  new ApiError("AUTH_BLOCKED", "Too many failed authentication attempts; try again later", retryAfter);

/** Throws 429 AUTH_BLOCKED while a block runs; true when failures are on record. */
export function assertStateNotBlocked(state: ThrottleState, now: Date): boolean {
  if (state?.blockedUntil && state.blockedUntil > now) throw authBlocked(retryAfterSeconds(state.blockedUntil, now));
  return state !== null;
}

/** Throws 429 AUTH_BLOCKED while the identifier is blocked; true when failures are on record. */
export async function assertNotBlocked(scope: ThrottleScope, identifier: string, now = new Date()): Promise<boolean> {
  return assertStateNotBlocked(await throttleStore().state(scope, identifier), now);
}

/** Counts a failure; the run's count with it. */
export function recordAuthFailure(scope: ThrottleScope, identifier: string, now = new Date()): Promise<number> {
  return throttleStore().recordFailure(scope, identifier, now);
}

export function recordAuthSuccess(
  scope: ThrottleScope,
  identifier: string,
  now = new Date(),
  endBlock = false,
): Promise<void> {
  return throttleStore().recordSuccess(scope, identifier, now, endBlock);
}

/**
 * Counts a failure; past the 10th of the run it is answered 429 AUTH_BLOCKED rather than as
 * the failure it is, so of many invalid keys sent at once only the first 10 get their 401.
 */
export async function recordFailureOrBlock(scope: ThrottleScope, identifier: string, now = new Date()): Promise<void> {
  if ((await recordAuthFailure(scope, identifier, now)) > THROTTLE_MAX_FAILURES)
    throw authBlocked(THROTTLE_WINDOW_SECONDS);
}

/**
 * Counts an attempt as a failure before it is checked, for checks slow enough (a password
 * hash) that parallel attempts would all pass the block test before the 10th failure lands.
 * Throws 429 AUTH_BLOCKED for attempts past the 10th in the run. A success then ends the run
 * with recordAuthSuccess(..., endBlock = true).
 */
export async function countAttemptUpFront(scope: ThrottleScope, identifier: string, now = new Date()): Promise<void> {
  await assertNotBlocked(scope, identifier, now);
  await recordFailureOrBlock(scope, identifier, now);
}
