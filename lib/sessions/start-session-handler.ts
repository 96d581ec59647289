import { randomUUID } from "node:crypto";
import { pgPool } from "@/lib/db";
import { env } from "@/lib/env";
import { assertDeveloperActive } from "@/lib/accounts/account-gate";
import { ApiError } from "@/lib/http/errors";
import { route, type RequestContext, type RouteHandler } from "@/lib/http/handler";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/respond";
import { apiKeyFlow, rateHeaders, sdkNow, type SdkContext } from "@/lib/http/with-api-key";
import { extractApiKey } from "@/lib/keys/extract-key";
import { hashApiKey, isWellFormedApiKey } from "@/lib/keys/key-format";
import { assertStateNotBlocked } from "@/lib/limits/auth-throttle";
import { decide, rateLimiter, type RateDecision } from "@/lib/limits/rate-limiter";
import { throttleKey } from "@/lib/limits/redis-auth-throttle";
import { RedisRateLimiter } from "@/lib/limits/redis-rate-limiter";
import { PLAN_LIMITS } from "@/lib/plans/plan-limits";
import type { Plan } from "@/lib/generated/prisma/enums";
import { tensorStorage } from "@/lib/storage/storage";
import { usageHeaders } from "@/lib/usage/usage-headers";
import { ALERT_THRESHOLDS, alertThreshold, sendUsageAlerts } from "@/lib/usage/usage-alerts";
import { generateFallbackConfig } from "./fallback";
import { startSessionBody, type Demographics } from "./schemas";
import { startSession } from "./start-session";
import { undoneIfLost } from "./undo-lost-start";
import {
  accountOfKey,
  alertRecipient,
  startAfterRedisWindow,
  startWithPostgresWindow,
  touchKey,
  type KeyRow,
  type NewStart,
} from "./start-session-statement";

// POST /sdk/session/start. The same rules as every SDK endpoint (lib/http/with-api-key.ts:
// brute-force block, key, account, hourly window, in that order; X-RateLimit-* and X-Usage-* on
// every answer once the account is known), taken in as few round trips as they allow for a
// secret key on PostgreSQL: with the window in PostgreSQL one statement
// (start-session-statement.ts); with it in Redis one script, then one statement. Nothing about
// keys or accounts is cached: the statement reads them fresh, so a revoked key or a suspended
// account is refused on the very next request on every instance. Client tokens, the embedded
// database and a key no row matches (unknown, or a rolled key's old secret) take the general path.

type Parsed = { demographics?: Demographics } | { error: unknown };
const parsedBodies = new WeakMap<Request, Parsed>();

async function parseBody(req: Request): Promise<Parsed> {
  let parsed = parsedBodies.get(req);
  if (!parsed) {
    try {
      parsed = { demographics: startSessionBody.parse(await readJson(req)).demographics };
    } catch (error) {
      parsed = { error };
    }
    parsedBodies.set(req, parsed);
  }
  return parsed;
}

async function generalStart({ req, key, now, responseHeaders }: SdkContext): Promise<Response> {
  const body = await parseBody(req);
  if ("error" in body) throw body.error;
  const session = await startSession(key, body.demographics, now, (usage) => {
    for (const [name, value] of Object.entries(usageHeaders(usage))) responseHeaders.set(name, value);
  });
  return json(session);
}

const general = (ctx: RequestContext) => apiKeyFlow(ctx, generalStart, { usageHeaders: true });

// The Redis path judges the window before the statement, so it needs the key's account and plan
// first. Which account a key belongs to never changes; the plan is only a guess here, checked by
// the statement (a changed plan refunds the hit and judges again).
const MAX_CACHED_KEYS = 10_000;
// Its own instance (stateless over the process's one Redis client): the shared one on globalThis
// may come from another route's copy of the module, so it is not checked by class here.
const redisWindow = new RedisRateLimiter();
const keyAccounts = new Map<string, { developerId: string; plan: string }>();

function set(ctx: RequestContext, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) ctx.responseHeaders.set(name, value);
}

function setUsage(ctx: RequestContext, row: KeyRow) {
  const current = row.scansUsed ?? row.monthCount ?? 0;
  set(ctx, usageHeaders({ current, limit: row.monthly, remaining: Math.max(0, row.monthly - current) }));
}

/** 401 for a key that exists but no longer works: revoked wins over expired (as checkApiKey). */
function assertKeyUsable(row: KeyRow) {
  if (row.revoked) throw new ApiError("API_KEY_REVOKED", "The API key was revoked");
  if (row.expired) throw new ApiError("API_KEY_EXPIRED", "The API key has expired");
}

function assertActive(row: KeyRow) {
  assertDeveloperActive({ status: row.status, emailVerifiedAt: row.verified ? new Date(0) : null });
}

function rateLimited(d: RateDecision): ApiError {
  return new ApiError(
    "RATE_LIMIT_EXCEEDED",
    "Hourly request limit exceeded; retry after the Retry-After seconds",
    d.retryAfter,
  );
}

/** What follows a statement that passed every check: the answer for the body, quota and session. */
async function answer(ctx: RequestContext, row: KeyRow, s: NewStart, parsed: Parsed): Promise<Response> {
  setUsage(ctx, row);
  if (row.lastUsedMs === null || s.now.getTime() - row.lastUsedMs > 60_000)
    await touchKey(pgPool()!, row.keyId!, s.now);
  if ("error" in parsed) throw parsed.error;
  if (row.created !== 1) {
    // Refused by the quota's row lock: the month is used up, whatever this statement's
    // snapshot counted before concurrent starts committed.
    set(ctx, usageHeaders({ current: Math.max(row.monthCount ?? 0, row.monthly), limit: row.monthly, remaining: 0 }));
    throw new ApiError(
      "QUOTA_EXCEEDED",
      `The monthly scan quota of ${row.monthly} is used up; it renews on the 1st (UTC) or with a plan upgrade`,
    );
  }
  const used = row.scansUsed;
  const unsent = { at80: !!row.unsent80, at100: !!row.unsent100 };
  if (used !== null && ALERT_THRESHOLDS.some((t) => unsent[t.flag] && used >= alertThreshold(t.percent, row.monthly))) {
    // Off the request: the answer does not wait for a mail server; the recipient is read only
    // when an alert is due.
    void alertRecipient(pgPool()!, row.developerId!)
      .then((developer) => sendUsageAlerts(developer, used, row.monthly, unsent, s.now))
      .catch(() => undefined);
  }
  return json({
    session_id: s.sessionId,
    expires_at: Math.floor(s.expiresAt.getTime() / 1000),
    upload_url: await tensorStorage().uploadUrl(s.sessionId, s.expiresAt),
    fallback_config: s.fallbackConfig,
  });
}

function subject(ctx: RequestContext, row: KeyRow) {
  ctx.subject = { developerId: row.developerId!, apiKeyId: row.keyId!, keyPrefix: row.prefix };
}

/** The window in PostgreSQL: block, key, account, window, quota and session in one statement. */
async function startOnPostgres(ctx: RequestContext, s: NewStart, parsed: Parsed): Promise<Response> {
  const row = await startWithPostgresWindow(pgPool()!, s, ctx.ip);
  if (row.developerId === null) return general(ctx);
  if (row.blocked) assertStateNotBlocked({ blockedUntil: new Date(row.blockedMs!) }, s.now);
  assertKeyUsable(row);
  subject(ctx, row);
  if (row.status !== "active") {
    // Not counted; the window's figures and the month's still go on the answer.
    set(ctx, rateHeaders(await rateLimiter().peek(row.developerId, row.hourly, s.now)));
    setUsage(ctx, row);
    assertActive(row);
  }
  const first = row.firstSeq !== null ? BigInt(row.firstSeq) : BigInt(row.seenSeq ?? "0") + 1n;
  const decision = decide(
    row.hourly,
    Number(BigInt(row.seq!) - first + 1n),
    row.firstAtMs ?? row.lastAtMs!,
    !!row.allowed,
    s.now,
  );
  set(ctx, rateHeaders(decision));
  if (!decision.allowed) {
    setUsage(ctx, row);
    throw rateLimited(decision);
  }
  return answer(ctx, row, s, parsed);
}

/** The window in Redis: block and window in one script, then key, account, quota and session in one statement. */
async function startOnRedis(ctx: RequestContext, s: NewStart, parsed: Parsed, attempt = 0): Promise<Response> {
  const pool = pgPool()!;
  let account = keyAccounts.get(s.keyHash);
  if (!account) {
    const found = await accountOfKey(pool, s.keyHash);
    if (!found) return general(ctx);
    if (keyAccounts.size >= MAX_CACHED_KEYS) keyAccounts.clear();
    account = found;
    keyAccounts.set(s.keyHash, account);
  }
  const limiter = redisWindow;
  const limit = PLAN_LIMITS[account.plan as Plan].requestsPerHour;
  const hit = await limiter.guardedHit(account.developerId, limit, s.now, throttleKey("sdk", ctx.ip));
  if (hit.blocked) {
    assertStateNotBlocked({ blockedUntil: hit.blockedUntil }, s.now);
    return general(ctx); // a block that ended between the script and here
  }
  const counted = hit.decision.allowed;
  // A refused hit counted nothing: the statement then only reads (the key's answer wins over 429).
  const row = await startAfterRedisWindow(pool, { ...s, create: s.create && counted }, account.plan);
  const refund = () => (counted ? limiter.refund(account.developerId, hit.pushed) : Promise.resolve());
  if (row.developerId === null || row.developerId !== account.developerId) {
    keyAccounts.delete(s.keyHash);
    await refund();
    return general(ctx);
  }
  if (row.plan !== account.plan) {
    // Judged under a plan that changed: take the hit back and judge again under the new one
    // (the general path if it changed once more meanwhile).
    keyAccounts.set(s.keyHash, { developerId: row.developerId, plan: row.plan });
    await refund();
    return attempt === 0 ? startOnRedis(ctx, s, parsed, 1) : general(ctx);
  }
  try {
    assertKeyUsable(row);
  } catch (err) {
    await refund();
    throw err;
  }
  subject(ctx, row);
  if (row.status !== "active") {
    await refund();
    set(ctx, rateHeaders(await rateLimiter().peek(row.developerId, row.hourly, s.now)));
    setUsage(ctx, row);
    assertActive(row);
  }
  set(ctx, rateHeaders(hit.decision));
  if (!counted) {
    setUsage(ctx, row);
    throw rateLimited(hit.decision);
  }
  return answer(ctx, row, s, parsed);
}

export const handleStartSession: RouteHandler = route(async (ctx) => {
  const store = env().rateLimitStore;
  const presented = extractApiKey(ctx.req);
  // Client tokens, malformed keys and the embedded database: the general path.
  if (store === "memory" || !pgPool() || !isWellFormedApiKey(presented)) return general(ctx);
  const now = sdkNow();
  const parsed = await parseBody(ctx.req);
  const s: NewStart = {
    keyHash: hashApiKey(presented),
    now,
    create: !("error" in parsed),
    sessionId: randomUUID(),
    demographics: "error" in parsed ? undefined : parsed.demographics,
    fallbackConfig: generateFallbackConfig(),
    expiresAt: new Date(now.getTime() + env().SESSION_TTL_SECONDS * 1000),
  };
  // A failure with the database may follow the statement's commit: that session is undone then.
  return undoneIfLost({ sessionId: s.sessionId, now }, () =>
    store === "redis" ? startOnRedis(ctx, s, parsed) : startOnPostgres(ctx, s, parsed),
  );
});
