import type { Developer } from "@/lib/generated/prisma/client";
import { assertDeveloperActive } from "@/lib/accounts/account-gate";
import { authenticateApiKey, type AuthenticatedKey } from "@/lib/keys/authenticate-key";
import { extractApiKey } from "@/lib/keys/extract-key";
import { assertNotBlocked, recordAuthFailure, recordAuthSuccess } from "@/lib/limits/auth-throttle";
import { rateLimiter, type RateDecision } from "@/lib/limits/rate-limiter";
import { PLAN_LIMITS } from "@/lib/plans/plan-limits";
import { ApiError } from "./errors";
import { route, type RequestContext, type RouteHandler } from "./handler";

export type SdkContext = RequestContext & { key: AuthenticatedKey; developer: Developer; now: Date };

/** Lets tests move time forward without sleeping. */
let clock: () => Date = () => new Date();
export function setSdkClock(next: () => Date): void {
  clock = next;
}

function rateHeaders(d: RateDecision): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(d.limit),
    "X-RateLimit-Remaining": String(d.remaining),
    "X-RateLimit-Reset": String(d.resetAt),
  };
}

async function authenticate(ctx: RequestContext, now: Date, failuresOnRecord: boolean): Promise<AuthenticatedKey> {
  try {
    const key = await authenticateApiKey(extractApiKey(ctx.req), now);
    if (failuresOnRecord) await recordAuthSuccess("sdk", ctx.ip, now);
    return key;
  } catch (err) {
    if (err instanceof ApiError && err.code === "API_KEY_INVALID") await recordAuthFailure("sdk", ctx.ip, now);
    throw err;
  }
}

/**
 * SDK endpoints: brute-force block, API key, account status, hourly limit, in that order.
 * Every request that passes the key and account checks is counted, whatever its outcome,
 * and carries the X-RateLimit-* figures on success and error alike.
 */
export function withApiKey(fn: (ctx: SdkContext) => Promise<Response>): RouteHandler {
  return route(async (ctx) => {
    const now = clock();
    const failuresOnRecord = await assertNotBlocked("sdk", ctx.ip, now);
    const key = await authenticate(ctx, now, failuresOnRecord);
    assertDeveloperActive(key.developer);
    const decision = await rateLimiter().hit(key.developerId, PLAN_LIMITS[key.developer.plan].requestsPerHour, now);
    for (const [name, value] of Object.entries(rateHeaders(decision))) ctx.responseHeaders.set(name, value);
    if (!decision.allowed) {
      throw new ApiError("RATE_LIMIT_EXCEEDED", "Hourly request limit exceeded; retry after the Retry-After seconds", decision.retryAfter);
    }
    return fn({ ...ctx, key, developer: key.developer, now });
  });
}
