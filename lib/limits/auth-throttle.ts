import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { RedisThrottleStore } from "./redis-auth-throttle";
import { PostgresThrottleStore, type ThrottleScope, type ThrottleState, type ThrottleStore } from "./throttle-store";
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

/** Throws 429 AUTH_BLOCKED while a block runs; true when failures are on record. */
export function assertStateNotBlocked(state: ThrottleState, now: Date): boolean {
  if (state?.blockedUntil && state.blockedUntil > now) {
    const retryAfter = retryAfterSeconds(state.blockedUntil, now);
    throw new ApiError("AUTH_BLOCKED", "Too many failed authentication attempts; try again later", retryAfter);
  }
  return state !== null;
}

/** Throws 429 AUTH_BLOCKED while the identifier is blocked; true when failures are on record. */
export async function assertNotBlocked(scope: ThrottleScope, identifier: string, now = new Date()): Promise<boolean> {
  return assertStateNotBlocked(await throttleStore().state(scope, identifier), now);
}

export function recordAuthFailure(scope: ThrottleScope, identifier: string, now = new Date()): Promise<void> {
  return throttleStore().recordFailure(scope, identifier, now);
}

export function recordAuthSuccess(scope: ThrottleScope, identifier: string, now = new Date()): Promise<void> {
  return throttleStore().recordSuccess(scope, identifier, now);
}
