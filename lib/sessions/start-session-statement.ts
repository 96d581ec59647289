import type pg from "pg";
import { PLAN_LIMITS } from "@/lib/plans/plan-limits";
import { RATE_WINDOW_MS } from "@/lib/limits/rate-limiter";
import { dayOf, monthOf } from "@/lib/usage/month";

// Session start in one statement (docs/benchmarks.md, "Session start"): the key with its account
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
           d.id AS "developerId", d.status::text AS status, d."emailVerifiedAt" IS NOT NULL AS verified,
           d.plan::text AS plan, lim.hourly, lim.monthly
    FROM "ApiKey" k JOIN "Developer" d ON d.id = k."developerId" JOIN lim ON lim.plan = d.plan::text
    WHERE k."keyHash" = $1
  )`;

// The PostgreSQL window of lib/limits/postgres-rate-limiter.ts, for the account of `ok`.
const WINDOW = `
  seen AS (
    SELECT f.seq AS "firstSeq", f.at AS "firstAt",
           (SELECT c.seq FROM "RateCounter" c WHERE c."developerId" = ok."developerId") AS "seenSeq"
    FROM ok LEFT JOIN LATERAL (
      SELECT seq, at FROM "RateHit" WHERE "developerId" = ok."developerId" AND at > $10::timestamp ORDER BY at, seq LIMIT 1
    ) f ON true
  ),
  counted AS (
    INSERT INTO "RateCounter" AS c ("developerId", seq, "lastAt", "lastAllowed")
    SELECT "developerId", 1, $2::timestamp, true FROM ok
    ON CONFLICT ("developerId") DO UPDATE SET
      seq = c.seq + CASE WHEN c.seq - (SELECT coalesce("firstSeq", "seenSeq" + 1, 1) FROM seen) + 1 < (SELECT hourly FROM ok) THEN 1 ELSE 0 END,
      "lastAt" = CASE WHEN c.seq - (SELECT coalesce("firstSeq", "seenSeq" + 1, 1) FROM seen) + 1 < (SELECT hourly FROM ok)
                      THEN GREATEST(c."lastAt", $2::timestamp) ELSE c."lastAt" END,
      "lastAllowed" = c.seq - (SELECT coalesce("firstSeq", "seenSeq" + 1, 1) FROM seen) + 1 < (SELECT hourly FROM ok)
    RETURNING c.seq, c."lastAt", c."lastAllowed"
  ),
  logged AS (
    INSERT INTO "RateHit" ("developerId", seq, at)
    SELECT (SELECT "developerId" FROM ok), seq, "lastAt" FROM counted WHERE "lastAllowed"
  )`;

const SESSION = `
  used AS (
    INSERT INTO "UsageMonth" AS u ("developerId", month, "scanCount", "lastScanAt")
    SELECT "developerId", $8, 1, $2::timestamp FROM go WHERE env = 'live'
    ON CONFLICT ("developerId", month) DO UPDATE
      SET "scanCount" = u."scanCount" + 1, "lastScanAt" = EXCLUDED."lastScanAt"
      WHERE u."scanCount" < (SELECT monthly FROM go)
    RETURNING u."scanCount", u."alert80SentAt" IS NULL AS unsent80, u."alert100SentAt" IS NULL AS unsent100
  ),
  daily AS (
    INSERT INTO "KeyUsageDay" ("apiKeyId", day, "scanCount")
    SELECT (SELECT "keyId" FROM go), $9, 1 FROM used
    ON CONFLICT ("apiKeyId", day) DO UPDATE SET "scanCount" = "KeyUsageDay"."scanCount" + 1
  ),
  created AS (
    INSERT INTO "Session" (id, "developerId", "apiKeyId", environment, demographics, "fallbackConfig", "expiresAt", "createdAt", "updatedAt")
    SELECT $4::uuid, "developerId", "keyId", env::"KeyEnvironment", $5::jsonb, $6::jsonb, $7::timestamp, $2::timestamp, $2::timestamp
    FROM go WHERE env = 'test' OR EXISTS (SELECT 1 FROM used)
    RETURNING id
  )`;

const RESULT = `
  k.*, u."scanCount" AS "scansUsed", u.unsent80, u.unsent100, (SELECT count(*)::int FROM created) AS created,
  (SELECT m."scanCount" FROM "UsageMonth" m WHERE m."developerId" = k."developerId" AND m.month = $8) AS "monthCount"`;

/** With the window in PostgreSQL: the SDK brute-force block of the IP too ($11). */
const WITH_POSTGRES_WINDOW = `
WITH ${KEY},
  t AS (SELECT coalesce("blockedUntil" > $2::timestamp, false) AS blocked, (extract(epoch FROM "blockedUntil") * 1000)::float8 AS "blockedMs"
        FROM "AuthThrottle" WHERE scope = 'sdk' AND identifier = $11),
  ok AS (SELECT * FROM k WHERE NOT revoked AND NOT expired AND status = 'active' AND NOT EXISTS (SELECT 1 FROM t WHERE blocked)),
  ${WINDOW},
  go AS (SELECT ok.* FROM ok, counted WHERE counted."lastAllowed" AND $3::boolean),
  ${SESSION}
SELECT ${RESULT}, t.blocked, t."blockedMs",
  c.seq::text AS seq, (extract(epoch FROM c."lastAt") * 1000)::float8 AS "lastAtMs", c."lastAllowed" AS allowed,
  s."firstSeq"::text AS "firstSeq", (extract(epoch FROM s."firstAt") * 1000)::float8 AS "firstAtMs", s."seenSeq"::text AS "seenSeq"
FROM (SELECT 1) one LEFT JOIN k ON true LEFT JOIN t ON true LEFT JOIN counted c ON true LEFT JOIN seen s ON true LEFT JOIN used u ON true`;

/** With the window in Redis, judged already by the plan $10: creates only if the plan is still that. */
const WITH_REDIS_WINDOW = `
WITH ${KEY},
  ok AS (SELECT * FROM k WHERE NOT revoked AND NOT expired AND status = 'active' AND plan = $10),
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
};

// PostgreSQL's timestamp(3) columns hold UTC wall time; an ISO string's zone is ignored on input.
const ts = (d: Date) => d.toISOString();

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
    text: `SELECT k."developerId", d.plan::text AS plan FROM "ApiKey" k JOIN "Developer" d ON d.id = k."developerId" WHERE k."keyHash" = $1`,
    values: [keyHash],
  });
  return rows[0] ?? null;
}

/** Whom a usage alert goes to (rare: read only when one is due). */
export async function alertRecipient(
  pool: pg.Pool,
  developerId: string,
): Promise<{ id: string; email: string; name: string }> {
  const { rows } = await pool.query({
    name: "vitals-alert-recipient",
    text: `SELECT id, email, name FROM "Developer" WHERE id = $1::uuid`,
    values: [developerId],
  });
  return rows[0];
}

/** last_used_at at most once a minute, conditional so concurrent requests write once; never fails the request. */
export async function touchKey(pool: pg.Pool, keyId: string, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - 60_000);
  await pool
    .query({
      name: "vitals-touch-key",
      text: `UPDATE "ApiKey" SET "lastUsedAt" = $2::timestamp WHERE id = $1::uuid AND ("lastUsedAt" IS NULL OR "lastUsedAt" < $3::timestamp)`,
      values: [keyId, ts(now), ts(stale)],
    })
    .catch(() => undefined);
}
