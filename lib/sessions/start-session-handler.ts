import { randomUUID } from "node:crypto";
import { pgPool } from "@/lib/db";
import { env } from "@/lib/env";
import { route, type RequestContext, type RouteHandler } from "@/lib/http/handler";
import { idempotent } from "@/lib/http/idempotent";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/respond";
import { apiKeyFlow, sdkNow, type SdkContext } from "@/lib/http/with-api-key";
import { extractApiKey } from "@/lib/keys/extract-key";
import { hashApiKey, isWellFormedApiKey } from "@/lib/keys/key-format";
import { rateLimiter } from "@/lib/limits/rate-limiter";
import { admit, setHeaders } from "@/lib/sdk-access/admit";
import { assertAddressNotBlocked, assertKeyUsable, keyTouchDue, quotaExceeded } from "@/lib/sdk-access/rules";
import { tensorStorage } from "@/lib/storage/storage";
import { usageHeaders } from "@/lib/usage/usage-headers";
import { ALERT_THRESHOLDS, alertThreshold, sendUsageAlerts } from "@/lib/usage/usage-alerts";
import { generateFallbackConfig } from "./fallback";
import { startSessionBody, type StartSessionBody } from "./schemas";
import { sessionReference, startSession } from "./start-session";
import { readWithPostgresWindow, readWithRedisWindow, type StartRead } from "./start-session-readers";
import { touchKey, type KeyRow, type NewStart } from "./start-session-statement";
import { undoneIfLost } from "./undo-lost-start";

// POST /sdk/session/start. The rules of every SDK request (lib/sdk-access: brute-force block,
// key, account, hourly window, in that order; X-RateLimit-* and X-Usage-* on every answer once
// the account is known), read in as few round trips as they allow for a secret key on
// PostgreSQL: with the window in PostgreSQL one statement; with it in Redis one script, then one
// statement (start-session-readers.ts). Nothing about keys or accounts is cached: the statement
// reads them fresh, so a revoked key or a suspended account is refused on the very next request
// on every instance. Client tokens, the embedded database and a key no row matches (unknown, or
// a rolled key's old secret) take the general path (lib/http/with-api-key.ts).

type Parsed = StartSessionBody | { error: unknown };
const parsedBodies = new WeakMap<Request, Parsed>();

async function parseBody(req: Request): Promise<Parsed> {
  let parsed = parsedBodies.get(req);
  if (!parsed) {
    try {
      parsed = startSessionBody.parse(await readJson(req));
    } catch (error) {
      parsed = { error };
    }
    parsedBodies.set(req, parsed);
  }
  return parsed;
}

async function generalStart(ctx: SdkContext): Promise<Response> {
  const { req, key, now, responseHeaders } = ctx;
  const body = await parseBody(req);
  if ("error" in body) throw body.error;
  const reference = sessionReference(key, body);
  if (ctx.subject) ctx.subject.clientReferenceId = reference.clientReferenceId ?? undefined;
  const input = { demographics: body.demographics, ...reference };
  return json(await startSession(key, input, now, (usage) => setHeaders(responseHeaders, usageHeaders(usage))));
}

const general = (ctx: RequestContext) => apiKeyFlow(ctx, generalStart, { usageHeaders: true });

function setUsage(ctx: RequestContext, row: KeyRow) {
  const current = row.scansUsed ?? row.monthCount ?? 0;
  setHeaders(
    ctx.responseHeaders,
    usageHeaders({ current, limit: row.monthly, remaining: Math.max(0, row.monthly - current) }),
  );
}

/** The SDK's rules over what a reader found, in their order, then the answer. */
async function judge(ctx: RequestContext, read: StartRead, s: NewStart, parsed: Parsed): Promise<Response> {
  const { row } = read;
  assertAddressNotBlocked(read.blockedUntil, s.now);
  try {
    assertKeyUsable(row);
  } catch (err) {
    await read.undo?.();
    throw err;
  }
  ctx.subject = {
    developerId: row.developerId,
    apiKeyId: row.keyId!,
    keyPrefix: row.prefix,
    clientReferenceId: s.clientReferenceId,
  };
  // The key passed its own checks: it was used, whatever the account and counters say next.
  if (keyTouchDue(row.lastUsedMs, s.now)) await touchKey(pgPool()!, row.keyId!, s.now);
  try {
    await admit(ctx.responseHeaders, {
      account: row,
      hit: async () => {
        if (!read.window) throw new Error("session start: an active account's request was not counted");
        return read.window;
      },
      peek: () => rateLimiter().peek(row.developerId, row.hourly, s.now),
      undo: read.undo,
    });
  } catch (err) {
    setUsage(ctx, row);
    throw err;
  }
  return answer(ctx, row, s, parsed);
}

/** What follows a statement that passed every check: the answer for the body, quota and session. */
async function answer(ctx: RequestContext, row: StartRead["row"], s: NewStart, parsed: Parsed): Promise<Response> {
  setUsage(ctx, row);
  if ("error" in parsed) throw parsed.error;
  if (row.created !== 1) {
    // Refused by the quota's row lock: the month is used up, whatever this statement's
    // snapshot counted before concurrent starts committed.
    const current = Math.max(row.monthCount ?? 0, row.monthly);
    setHeaders(ctx.responseHeaders, usageHeaders({ current, limit: row.monthly, remaining: 0 }));
    throw quotaExceeded(row.monthly);
  }
  const used = row.scansUsed;
  const unsent = { at80: !!row.unsent80, at100: !!row.unsent100 };
  if (used !== null && ALERT_THRESHOLDS.some((t) => unsent[t.flag] && used >= alertThreshold(t.percent, row.monthly))) {
    // Off the request: the answer does not wait for a mail server; the recipients are read only
    // when an alert is due.
    void sendUsageAlerts({ id: row.developerId }, used, row.monthly, unsent, s.now);
  }
  return json({
    session_id: s.sessionId,
    expires_at: Math.floor(s.expiresAt.getTime() / 1000),
    upload_url: await tensorStorage().uploadUrl(s.sessionId, s.expiresAt),
    fallback_config: s.fallbackConfig,
  });
}

export const handleStartSession: RouteHandler = route((ctx) => idempotent(ctx, () => start(ctx)));

async function start(ctx: RequestContext): Promise<Response> {
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
    clientReferenceId: "error" in parsed ? undefined : parsed.client_reference_id,
    metadata: "error" in parsed ? undefined : parsed.metadata,
    fallbackConfig: generateFallbackConfig(),
    expiresAt: new Date(now.getTime() + env().SESSION_TTL_SECONDS * 1000),
  };
  // A failure with the database may follow the statement's commit: that session is undone then.
  return undoneIfLost({ sessionId: s.sessionId, now }, async () => {
    const read = store === "redis" ? await readWithRedisWindow(ctx.ip, s) : await readWithPostgresWindow(ctx.ip, s);
    return read === "general" ? general(ctx) : judge(ctx, read, s, parsed);
  });
}
