import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

// The Try it page's own allowance (docs/api.md, "Try it"): TRY_IT_DAILY_SCANS scans per
// account and UTC day, apart from the monthly quota.

/** The UTC calendar day the day's count is kept under: the same day as the usage counts'. */
export { dayOf } from "@/lib/usage/month";

export function tryItDailyCap(): number {
  return env().TRY_IT_DAILY_SCANS;
}

/** Seconds from `now` to the next 00:00 UTC, when the day's count starts again. */
export function secondsUntilNextDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

export function tryItLimitError(now: Date): ApiError {
  const s = secondsUntilNextDay(now);
  const wait = s >= 3600 ? `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min` : `${Math.ceil(s / 60)} min`;
  return new ApiError(
    "TRY_IT_LIMIT_EXCEEDED",
    `All ${tryItDailyCap()} Try it scans of today are used; they renew at 00:00 UTC (in ${wait}). Scans with your own keys are not affected`,
  );
}
