import { env } from "@/lib/env";
import { MemoryRateLimiter } from "./memory-rate-limiter";
import { PostgresRateLimiter } from "./postgres-rate-limiter";
import { RedisRateLimiter } from "./redis-rate-limiter";
import type { RateLimiter } from "./rate-window";

export { decide, RATE_WINDOW_MS, type RateDecision, type RateLimiter } from "./rate-window";

// One limiter per process, on globalThis: the bundler gives each route its own copy of this
// module, and an in-memory window must be shared by all of them.
const globalForLimiter = globalThis as unknown as { __vitalsLimiter?: RateLimiter };

const STORES = { redis: RedisRateLimiter, postgres: PostgresRateLimiter, memory: MemoryRateLimiter };

export function rateLimiter(): RateLimiter {
  globalForLimiter.__vitalsLimiter ??= new STORES[env().rateLimitStore]();
  return globalForLimiter.__vitalsLimiter;
}

/** Requests counted for a developer in the current hour (the dashboard's figure). */
export function hourlyRequestCount(developerId: string, now = new Date()): Promise<number> {
  return rateLimiter().count(developerId, now);
}
