import { assertDeveloperActive } from "@/lib/accounts/account-gate";
import type { DeveloperStatus } from "@/lib/generated/prisma/enums";
import { ApiError } from "@/lib/http/errors";
import { assertStateNotBlocked } from "@/lib/limits/auth-throttle";
import type { RateDecision } from "@/lib/limits/rate-window";

// The rules of every SDK request (docs/api.md, "Authentication", "Errors", "Limits"), each
// written once, as plain functions over what a reader found: the request's key, the key's
// account and the account's counters. However that was read (one PostgreSQL statement, a Redis
// script and a statement, or the general path through Prisma), these decide the answer.

/** last_used_at is refreshed at most this often, so a busy key does not write on every request. */
export const KEY_TOUCH_INTERVAL_MS = 60_000;

/** Whether this request should refresh the key's last_used_at. */
export function keyTouchDue(lastUsedAt: Date | number | null, now: Date): boolean {
  if (lastUsedAt === null) return true;
  const last = typeof lastUsedAt === "number" ? lastUsedAt : lastUsedAt.getTime();
  return now.getTime() - last > KEY_TOUCH_INTERVAL_MS;
}

/** 429 AUTH_BLOCKED while the client address's brute-force block runs. */
export function assertAddressNotBlocked(blockedUntil: Date | null, now: Date): void {
  assertStateNotBlocked(blockedUntil ? { blockedUntil } : null, now);
}

/** 401 for a key that exists but no longer works: revoked wins over expired. */
export function assertKeyUsable(key: { revoked: boolean; expired: boolean }): void {
  if (key.revoked) throw new ApiError("API_KEY_REVOKED", "The API key was revoked");
  if (key.expired) throw new ApiError("API_KEY_EXPIRED", "The API key has expired");
}

export type AccountFacts = { status: DeveloperStatus; verified: boolean };

/** 403 for an account that is not active (docs/api.md, "Accounts"). */
export function assertAccountActive(account: AccountFacts): void {
  assertDeveloperActive({ status: account.status, emailVerifiedAt: account.verified ? new Date(0) : null });
}

/** 429 RATE_LIMIT_EXCEEDED for a request the hourly window refused. */
export function assertWithinWindow(d: RateDecision): void {
  if (!d.allowed)
    throw new ApiError(
      "RATE_LIMIT_EXCEEDED",
      "Hourly request limit exceeded; retry after the Retry-After seconds",
      d.retryAfter,
    );
}

/** 429 QUOTA_EXCEEDED: a session start on a live key with the month's scans used up. */
export function quotaExceeded(monthly: number): ApiError {
  return new ApiError(
    "QUOTA_EXCEEDED",
    `The monthly scan quota of ${monthly} is used up; it renews on the 1st (UTC) or with a plan upgrade`,
  );
}

/** The X-RateLimit-* headers, on every answer once the account is known. */
export function rateHeaders(d: RateDecision): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(d.limit),
    "X-RateLimit-Remaining": String(d.remaining),
    "X-RateLimit-Reset": String(d.resetAt),
  };
}
