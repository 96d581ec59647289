import { retryAfterSeconds } from "@/lib/time";

// The sliding one-hour window every store keeps, and the decision it gives.

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
