import type { KeyOwner } from "@/lib/teams/key-owner";
import { checkApiKey, findApiKey } from "@/lib/keys/authenticate-key";
import {
  assertTokenOrigin,
  authenticateClientToken,
  keyCredential,
  type SdkCredential,
} from "@/lib/keys/authenticate-client-token";
import { looksLikeClientToken } from "@/lib/keys/client-token-format";
import { extractApiKey } from "@/lib/keys/extract-key";
import { assertStateNotBlocked, recordFailureOrBlock, throttleStore } from "@/lib/limits/auth-throttle";
import { rateLimiter } from "@/lib/limits/rate-limiter";
import { admit, setHeaders } from "@/lib/sdk-access/admit";
import { PLAN_LIMITS } from "@/lib/plans/plan-limits";
import { usageFigures, usageHeaders } from "@/lib/usage/usage-headers";
import { isDependencyDown } from "./unavailable";
import { ApiError } from "./errors";
import { route, type RequestContext, type RouteHandler } from "./handler";
import { idempotent } from "./idempotent";

export type SdkContext = RequestContext & { key: SdkCredential; developer: KeyOwner; now: Date };

/** Lets tests move time forward without sleeping. */
let clock: () => Date = () => new Date();
export function setSdkClock(next: () => Date): void {
  clock = next;
}
/** The SDK's notion of now (see setSdkClock). */
export function sdkNow(): Date {
  return clock();
}

/** Whom the request log files this request under (docs/api.md, "Request log"). */
function requestLogSubject(c: SdkCredential): NonNullable<RequestContext["subject"]> {
  return { developerId: c.developerId, apiKeyId: c.apiKey?.id, keyPrefix: c.apiKey?.prefix };
}

/**
 * Brute-force block first, then the key. Both are read at once (one round trip of latency);
 * the block still decides first, and a blocked request records nothing. A valid key clears
 * nothing: the IP's failures were made with other keys (docs/api.md, "Brute-force protection").
 */
async function authenticate(ctx: RequestContext, now: Date): Promise<SdkCredential> {
  const presented = extractApiKey(ctx.req);
  // A client token (docs/api.md, "Client tokens") stands in for the key that minted it.
  const isToken = looksLikeClientToken(presented);
  const [throttle, found] = await Promise.all([
    throttleStore().state("sdk", ctx.ip),
    isToken ? null : findApiKey(presented, now),
  ]);
  assertStateNotBlocked(throttle, now);
  try {
    return isToken
      ? await authenticateClientToken(presented, now)
      : keyCredential(await checkApiKey(presented, found, now));
  } catch (err) {
    if (err instanceof ApiError && err.code === "API_KEY_INVALID") await recordFailureOrBlock("sdk", ctx.ip, now);
    throw err;
  }
}

/**
 * SDK endpoints: brute-force block, API key, account status, hourly limit, in that order.
 * Every request that passes the key and account checks is counted, whatever its outcome.
 * Every answer once the account is known carries the X-RateLimit-* figures, errors included.
 */
export function withApiKey(fn: (ctx: SdkContext) => Promise<Response>, opts: ApiKeyOptions = {}): RouteHandler {
  if (opts.idempotent) return route((ctx) => idempotent(ctx, () => apiKeyFlow(ctx, fn, opts)));
  return route((ctx) => apiKeyFlow(ctx, fn, opts));
}

/** idempotent: the endpoint takes an Idempotency-Key (idempotent.ts; docs/api.md, "Safe retries"). */
type ApiKeyOptions = { usageHeaders?: boolean; idempotent?: boolean };

/** withApiKey's work inside an already wrapped request (session start's general path). */
export async function apiKeyFlow(
  ctx: RequestContext,
  fn: (ctx: SdkContext) => Promise<Response>,
  opts: ApiKeyOptions = {},
): Promise<Response> {
  const now = clock();
  const key = await authenticate(ctx, now);
  ctx.subject = requestLogSubject(key);
  try {
    return await limited(ctx, key, now, fn);
  } catch (err) {
    // Session start carries the X-Usage-* figures on every answer once the account is known
    // (docs/api.md, "Limits"), its 400s, 403s and 429s included.
    if (opts.usageHeaders && !ctx.responseHeaders.has("X-Usage-Current") && !isDependencyDown(err)) {
      const figures = await usageFigures(key.developer, now).catch(() => null);
      if (figures) setHeaders(ctx.responseHeaders, usageHeaders(figures));
    }
    throw err;
  }
}

/** A client token's origin, account status and the hourly limit (lib/sdk-access/admit.ts), then the handler. */
async function limited(
  ctx: RequestContext,
  key: SdkCredential,
  now: Date,
  fn: (ctx: SdkContext) => Promise<Response>,
): Promise<Response> {
  const limit = PLAN_LIMITS[key.developer.plan].requestsPerHour;
  await admit(ctx.responseHeaders, {
    account: { status: key.developer.status, verified: key.developer.emailVerifiedAt !== null },
    gate: () => assertTokenOrigin(key, ctx.req),
    hit: () => rateLimiter().hit(key.developerId, limit, now),
    peek: () => rateLimiter().peek(key.developerId, limit, now),
  });
  return fn({ ...ctx, key, developer: key.developer, now });
}
