import { env } from "@/lib/env";
import { MemoryRateLimiter } from "./memory-rate-limiter";
import { PostgresRateLimiter } from "./postgres-rate-limiter";
import { RedisRateLimiter } from "./redis-rate-limiter";
import { retryAfterSeconds } from "@/lib/time";

export const RATE_WINDOW_MS = 60 * 60 * 1000;

export type RateDecision = {
  allowed: boolean;
  limit: number;
  /** Places left in the window after this request. */
  remaining: number;
  /** Unix seconds when the oldest counted request leaves the window. */
  resetAt: number;
  /** Seconds until a place frees (at least 1); meaningful when not allowed. */
  retryAfter: number;
};

/** A sliding one-hour window of counted requests per developer account. */
export interface RateLimiter {
  /** Counts the request if a place is free; never counts a refused one. */
  hit(developerId: string, limit: number, now: Date): Promise<RateDecision>;
  /** The figures as they stand, counting nothing (for answers that are not counted). */
  peek(developerId: string, limit: number, now: Date): Promise<RateDecision>;
  count(developerId: string, now: Date): Promise<number>;
  prune(now: Date): Promise<void>;
}

/**
 * The decision once the window holds `counted` requests (this one included when allowed),
 * the oldest of them at `oldestMs`.
 */
export function decide(limit: number, counted: number, oldestMs: number, allowed: boolean, now: Date): RateDecision {
  const freesAt = oldestMs + RATE_WINDOW_MS;
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - counted),
    resetAt: Math.ceil(freesAt / 1000),
    retryAfter: retryAfterSeconds(freesAt, now),
  };
}

// One limiter per process, on globalThis: the bundler gives each route its own copy of this
// module, and an in-memory window must be shared by all of them.
const globalForLimiter = globalThis as unknown as { __vitalsLimiter?: RateLimiter };

export function rateLimiter(): RateLimiter {
  // Looked up here, not in a module-level table: the stores import this module too.
  const stores = { redis: RedisRateLimiter, postgres: PostgresRateLimiter, memory: MemoryRateLimiter };
  globalForLimiter.__vitalsLimiter ??= new stores[env().rateLimitStore]();
  return globalForLimiter.__vitalsLimiter;
}

/** Requests counted for a developer in the current hour (the dashboard's figure). */
export function hourlyRequestCount(developerId: string, now = new Date()): Promise<number> {
  return rateLimiter().count(developerId, now);
}
