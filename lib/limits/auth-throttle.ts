import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { RedisThrottleStore } from "./redis-auth-throttle";
import {
  PostgresThrottleStore,
  THROTTLE_LIMITS,
  THROTTLE_WINDOW_SECONDS,
  type ThrottleScope,
  type ThrottleState,
  type ThrottleStore,
} from "./throttle-store";
import { retryAfterSeconds } from "@/lib/time";

export {
  THROTTLE_LIMITS,
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

/** Takes back an attempt counted up front that did not fail (see ThrottleStore.forgiveOne). */
export function forgiveAttempt(scope: ThrottleScope, identifier: string, now = new Date()): Promise<void> {
  return throttleStore().forgiveOne(scope, identifier, now);
}

/**
 * Counts a failure; past the scope's limit in the run it is answered 429 AUTH_BLOCKED rather
 * than as the failure it is, so of many invalid keys sent at once only the first 10 get their 401.
 * Returns the run's count with it.
 */
export async function recordFailureOrBlock(
  scope: ThrottleScope,
  identifier: string,
  now = new Date(),
): Promise<number> {
  const failures = await recordAuthFailure(scope, identifier, now);
  if (failures > THROTTLE_LIMITS[scope]) {
    // Past the limit: the block its limit-th failure started says when it ends.
    const blockedUntil = (await throttleStore().state(scope, identifier))?.blockedUntil;
    throw authBlocked(
      blockedUntil && blockedUntil > now ? retryAfterSeconds(blockedUntil, now) : THROTTLE_WINDOW_SECONDS,
    );
  }
  return failures;
}

/**
 * Counts an attempt as a failure before it is checked, for checks slow enough (a password
 * hash) that parallel attempts would all pass the block test before the limit-th failure lands.
 * Throws 429 AUTH_BLOCKED while a block runs and for attempts past the limit in the run. The
 * caller then ends the run on success (recordAuthSuccess with endBlock) or takes the attempt
 * back (forgiveAttempt). Returns the run's count with this attempt.
 */
export async function countAttemptUpFront(scope: ThrottleScope, identifier: string, now = new Date()): Promise<number> {
  await assertNotBlocked(scope, identifier, now);
  return recordFailureOrBlock(scope, identifier, now);
}
