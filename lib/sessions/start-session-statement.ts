import type pg from "pg";
import { PLAN_LIMITS } from "@/lib/plans/plan-limits";
import { RATE_WINDOW_MS } from "@/lib/limits/rate-window";
import { sessionCtes, sqlTime, TOUCH_KEY_SQL, touchKeyValues, windowCtes } from "@/lib/sdk-access/sql";
import { dayOf, monthOf } from "@/lib/usage/month";

// Session start in one statement (docs/history/benchmarks-diary.md, "Session start in one statement";
// today's figures: docs/benchmarks.md, "Hot path"): the key with its account
// and plan, the checks, the hourly window (PostgreSQL store) or the plan the Redis window was
// judged by, the month's quota, the key's day count and the session, all in one round trip and
// one autocommit transaction. Sent as a named prepared statement, so PostgreSQL parses and plans
// it once per connection. Every write is conditional on the rules before it, so a refused
// request writes nothing it must not (a 401 or an account 403 counts nothing, a 429 uses no
// quota, a 400 counts in the hour but creates nothing).
//
// Concurrency: the window is ordered by the RateCounter row lock, the quota by the UsageMonth
// row lock, taken in that order (every write depends on `counted`); the reads see the
// statement's snapshot, as the separate statements did (lib/limits/postgres-rate-limiter.ts,
// lib/sessions/insert-session.ts).

const PLAN_ROWS = Object.entries(PLAN_LIMITS)
  .map(([plan, l]) => `('${plan}', ${l.requestsPerHour}, ${l.monthlyScans})`)
  .join(", ");

const KEY = `
  lim(plan, hourly, monthly) AS (VALUES ${PLAN_ROWS}),
  k AS (
    SELECT k.id AS "keyId", k.environment::text AS env, k.prefix, k."revokedAt" IS NOT NULL AS revoked,
           (k."expiresAt" IS NOT NULL AND k."expiresAt" <= $2::timestamp) AS expired,
           (extract(epoch FROM k."lastUsedAt") * 1000)::float8 AS "lastUsedMs",
           d.id AS "developerId", d.status::text AS status,
           (NOT d.personal OR a."emailVerifiedAt" IS NOT NULL) AS verified,
           d.plan::text AS plan, lim.hourly, lim.monthly
    FROM "ApiKey" k JOIN "Organization" d ON d.id = k."developerId" JOIN lim ON lim.plan = d.plan::text
    LEFT JOIN "Developer" a ON a.id = d.id
    WHERE k."keyHash" = $1
  )`;

// The key and account rules (lib/sdk-access/rules.ts) as the condition of every write.
const ADMITTED = `NOT revoked AND NOT expired AND status = 'active'`;

// Numbered as params() below: $2 now, $4..$11 the session, $12 the window's start.
const WINDOW = windowCtes({ now: "$2::timestamp", since: "$12::timestamp" });

const SESSION = sessionCtes({
  now: "$2::timestamp",
  month: "$8",
  day: "$9",
  sessionId: "$4::uuid",
  demographics: "$5::jsonb",
  fallbackConfig: "$6::jsonb",
  expiresAt: "$7::timestamp",
  clientReferenceId: "$10::text",
  metadata: "$11::jsonb",
});

const RESULT = `
  k.*, u."scanCount" AS "scansUsed", u.unsent80, u.unsent100, (SELECT count(*)::int FROM created) AS created,
  (SELECT m."scanCount" FROM "UsageMonth" m WHERE m."developerId" = k."developerId" AND m.month = $8) AS "monthCount"`;

/** With the window in PostgreSQL: the SDK brute-force block of the IP too ($13). */
const WITH_POSTGRES_WINDOW = `
WITH ${KEY},
  t AS (SELECT coalesce("blockedUntil" > $2::timestamp, false) AS blocked, (extract(epoch FROM "blockedUntil") * 1000)::float8 AS "blockedMs"
        FROM "AuthThrottle" WHERE scope = 'sdk' AND identifier = $13),
  ok AS (SELECT * FROM k WHERE ${ADMITTED} AND NOT EXISTS (SELECT 1 FROM t WHERE blocked)),
  ${WINDOW},
  go AS (SELECT ok.* FROM ok, counted WHERE counted."lastAllowed" AND $3::boolean),
  ${SESSION}
SELECT ${RESULT}, t.blocked, t."blockedMs",
  c.seq::text AS seq, (extract(epoch FROM c."lastAt") * 1000)::float8 AS "lastAtMs", c."lastAllowed" AS allowed,
  s."firstSeq"::text AS "firstSeq", (extract(epoch FROM s."firstAt") * 1000)::float8 AS "firstAtMs", s."seenSeq"::text AS "seenSeq"
FROM (SELECT 1) one LEFT JOIN k ON true LEFT JOIN t ON true LEFT JOIN counted c ON true LEFT JOIN seen s ON true LEFT JOIN used u ON true`;

/** With the window in Redis, judged already by the plan $12: creates only if the plan is still that. */
const WITH_REDIS_WINDOW = `
WITH ${KEY},
  ok AS (SELECT * FROM k WHERE ${ADMITTED} AND plan = $12),
  go AS (SELECT * FROM ok WHERE $3::boolean),
  ${SESSION}
SELECT ${RESULT}
FROM (SELECT 1) one LEFT JOIN k ON true LEFT JOIN used u ON true`;

export type KeyRow = {
  keyId: string | null;
  env: "live" | "test";
  prefix: string;
  revoked: boolean;
  expired: boolean;
  lastUsedMs: number | null;
  developerId: string | null;
  status: "pending" | "active" | "suspended";
  verified: boolean;
  plan: "starter" | "pro" | "enterprise";
  hourly: number;
  monthly: number;
  scansUsed: number | null;
  unsent80: boolean | null;
  unsent100: boolean | null;
  created: number;
  monthCount: number | null;
};

export type PostgresWindowRow = KeyRow & {
  blocked: boolean | null;
  blockedMs: number | null;
  seq: string | null;
  lastAtMs: number | null;
  allowed: boolean | null;
  firstSeq: string | null;
  firstAtMs: number | null;
  seenSeq: string | null;
};

export type NewStart = {
  keyHash: string;
  now: Date;
  /** false for a request whose body was refused (400): it counts, creates nothing. */
  create: boolean;
  sessionId: string;
  demographics: unknown;
  fallbackConfig: unknown;
  expiresAt: Date;
  clientReferenceId?: string;
  metadata?: Record<string, string>;
};

const ts = sqlTime;

function params(s: NewStart): unknown[] {
  return [
    s.keyHash,
    ts(s.now),
    s.create,
    s.sessionId,
    s.demographics === undefined ? null : JSON.stringify(s.demographics),
    JSON.stringify(s.fallbackConfig),
    ts(s.expiresAt),
    monthOf(s.now),
    dayOf(s.now),
    s.clientReferenceId ?? null,
    s.metadata === undefined ? null : JSON.stringify(s.metadata),
  ];
}

/** The statement with the hourly window in PostgreSQL, the brute-force block of `ip` included. */
export async function startWithPostgresWindow(pool: pg.Pool, s: NewStart, ip: string): Promise<PostgresWindowRow> {
  const since = new Date(s.now.getTime() - RATE_WINDOW_MS);
  const { rows } = await pool.query({
    name: "vitals-start-pg-window",
    text: WITH_POSTGRES_WINDOW,
    values: [...params(s), ts(since), ip],
  });
  return rows[0];
}

/** The statement after the Redis window counted the request under `plan`'s limit. */
export async function startAfterRedisWindow(pool: pg.Pool, s: NewStart, plan: string): Promise<KeyRow> {
  const { rows } = await pool.query({
    name: "vitals-start-redis-window",
    text: WITH_REDIS_WINDOW,
    values: [...params(s), plan],
  });
  return rows[0];
}

/** The account and plan of a key (null when no key has this hash), for the Redis path's first request. */
export async function accountOfKey(
  pool: pg.Pool,
  keyHash: string,
): Promise<{ developerId: string; plan: string } | null> {
  const { rows } = await pool.query({
    name: "vitals-account-of-key",
    text: `SELECT k."developerId", d.plan::text AS plan FROM "ApiKey" k JOIN "Organization" d ON d.id = k."developerId" WHERE k."keyHash" = $1`,
    values: [keyHash],
  });
  return rows[0] ?? null;
}

/** Refreshes the key's last_used_at (lib/sdk-access/sql.ts); never fails the request. */
export async function touchKey(pool: pg.Pool, keyId: string, now: Date): Promise<void> {
  await pool
    .query({ name: "vitals-touch-key", text: TOUCH_KEY_SQL, values: touchKeyValues(keyId, now) })
    .catch(() => undefined);
}
