import { KEY_TOUCH_INTERVAL_MS } from "./rules";

// The SQL of the SDK's counters, each rule written once and composed by every statement that
// needs it: the PostgreSQL rate limiter, session inserts, and session start's one statement
// (lib/sessions/start-session-statement.ts). Fragments take their parameters as SQL
// expressions ("$2::timestamp"), so each statement numbers its own.

/** PostgreSQL's timestamp(3) columns hold UTC wall time; an ISO string's zone is ignored on input. */
export const sqlTime = (d: Date) => d.toISOString();

/**
 * The hourly window of the account in CTE `ok` ("developerId", hourly), as CTEs seen, counted
 * and logged; nothing is counted when `ok` is empty, nor with an hourly limit of 0. The
 * arithmetic is explained in lib/limits/postgres-rate-limiter.ts. `counted` returns the
 * account's newest seq, its time and whether this request was let in; `seen` the window's
 * first seq and time as the statement's snapshot saw them, and the counter's seq then.
 */
export function windowCtes(p: { now: string; since: string }): string {
  const placeLeft = `c.seq - (SELECT coalesce("firstSeq", "seenSeq" + 1, 1) FROM seen) + 1 < (SELECT hourly FROM ok)`;
  return `
  seen AS (
    SELECT f.seq AS "firstSeq", f.at AS "firstAt",
           (SELECT c.seq FROM "RateCounter" c WHERE c."developerId" = ok."developerId") AS "seenSeq"
    FROM ok LEFT JOIN LATERAL (
      SELECT seq, at FROM "RateHit" WHERE "developerId" = ok."developerId" AND at > ${p.since} ORDER BY at, seq LIMIT 1
    ) f ON true
  ),
  counted AS (
    INSERT INTO "RateCounter" AS c ("developerId", seq, "lastAt", "lastAllowed")
    SELECT "developerId", CASE WHEN hourly > 0 THEN 1 ELSE 0 END, ${p.now}, hourly > 0 FROM ok
    ON CONFLICT ("developerId") DO UPDATE SET
      seq = c.seq + CASE WHEN ${placeLeft} THEN 1 ELSE 0 END,
      "lastAt" = CASE WHEN ${placeLeft} THEN GREATEST(c."lastAt", ${p.now}) ELSE c."lastAt" END,
      "lastAllowed" = ${placeLeft}
    RETURNING c.seq, c."lastAt", c."lastAllowed"
  ),
  logged AS (
    INSERT INTO "RateHit" ("developerId", seq, at)
    SELECT (SELECT "developerId" FROM ok), seq, "lastAt" FROM counted WHERE "lastAllowed"
  )`;
}

export type SessionParams = {
  now: string;
  month: string;
  day: string;
  sessionId: string;
  demographics: string;
  fallbackConfig: string;
  expiresAt: string;
  clientReferenceId: string;
  metadata: string;
  /** The client token that starts the session, its only reader besides secret keys (NULL for a key). */
  clientTokenId?: string;
};

/**
 * A session start's writes for the account and key in CTE `go` ("developerId", "keyId", env,
 * monthly), as CTEs used, daily and created. On a live key one scan of the month's quota: the
 * conditional upsert serialises concurrent starts on the month's row, so N starts against R
 * remaining scans create min(N, R) sessions. The key's count for the day goes up with it, and
 * the session exists exactly when its scan was paid for (a test key pays none).
 */
export function sessionCtes(p: SessionParams): string {
  return `
  used AS (
    INSERT INTO "UsageMonth" AS u ("developerId", month, "scanCount", "lastScanAt")
    SELECT "developerId", ${p.month}, 1, ${p.now} FROM go WHERE env = 'live'
    ON CONFLICT ("developerId", month) DO UPDATE
      SET "scanCount" = u."scanCount" + 1, "lastScanAt" = EXCLUDED."lastScanAt"
      WHERE u."scanCount" < (SELECT monthly FROM go)
    RETURNING u."scanCount", u."alert80SentAt" IS NULL AS unsent80, u."alert100SentAt" IS NULL AS unsent100
  ),
  daily AS (
    INSERT INTO "KeyUsageDay" ("apiKeyId", day, "scanCount")
    SELECT go."keyId", ${p.day}, 1 FROM used, go WHERE go."keyId" IS NOT NULL
    ON CONFLICT ("apiKeyId", day) DO UPDATE SET "scanCount" = "KeyUsageDay"."scanCount" + 1
  ),
  created AS (
    INSERT INTO "Session" (id, "developerId", "apiKeyId", "clientTokenId", environment, demographics, "fallbackConfig", "clientReferenceId", metadata, "expiresAt", "createdAt", "updatedAt")
    SELECT ${p.sessionId}, "developerId", "keyId", ${p.clientTokenId ?? "NULL::uuid"}, env::"KeyEnvironment", ${p.demographics}, ${p.fallbackConfig}, ${p.clientReferenceId}, ${p.metadata}, ${p.expiresAt}, ${p.now}, ${p.now}
    FROM go WHERE env = 'test' OR EXISTS (SELECT 1 FROM used)
    RETURNING id
  )`;
}

/** last_used_at at most once a minute (rules.ts), conditional so concurrent requests write once. */
export const TOUCH_KEY_SQL = `UPDATE "ApiKey" SET "lastUsedAt" = $2::timestamp WHERE id = $1::uuid AND ("lastUsedAt" IS NULL OR "lastUsedAt" < $3::timestamp)`;

export function touchKeyValues(keyId: string, now: Date): string[] {
  return [keyId, sqlTime(now), sqlTime(new Date(now.getTime() - KEY_TOUCH_INTERVAL_MS))];
}
