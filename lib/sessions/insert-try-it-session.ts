import type { Prisma } from "@/lib/generated/prisma/client";
import { dayOf, tryItDailyCap } from "@/lib/try-it/try-it-day";
import type { NewSession } from "./insert-session";

/**
 * Inserts a session for the portal's Try it page: live inference, no key, no monthly quota;
 * one of the day's TRY_IT_DAILY_SCANS instead. As with the quota (insertSession), the
 * conditional upsert serialises concurrent starts on the day's row and the session exists
 * exactly when its scan was counted: N starts against R scans left create min(N, R) sessions.
 * Returns null when the day's scans are used up.
 */
export async function insertTryItSession(
  s: NewSession,
  client: Prisma.TransactionClient,
): Promise<{ id: string; scansUsed: null } | null> {
  const id = s.id;
  const demographics = s.demographics ? JSON.stringify(s.demographics) : null;
  const [row] = await client.$queryRaw<{ created: number }[]>`
    WITH used AS (
      INSERT INTO "TryItDay" ("developerId", day, "scanCount")
      VALUES (${s.developerId}::uuid, ${dayOf(s.now)}, 1)
      ON CONFLICT ("developerId", day) DO UPDATE
        SET "scanCount" = "TryItDay"."scanCount" + 1
        WHERE "TryItDay"."scanCount" < ${tryItDailyCap()}
      RETURNING "scanCount"
    ), created AS (
      INSERT INTO "Session" (id, "developerId", "apiKeyId", "clientTokenId", environment, "tryIt", demographics, "fallbackConfig", "expiresAt", "createdAt", "updatedAt")
      SELECT ${id}::uuid, ${s.developerId}::uuid, NULL, ${s.clientTokenId ?? null}::uuid, 'live', true, ${demographics}::jsonb,
             ${JSON.stringify(s.fallbackConfig)}::jsonb, ${s.expiresAt}, ${s.now}, ${s.now}
      FROM used
      RETURNING id
    )
    SELECT (SELECT count(*)::int FROM created) AS created`;
  return row.created === 1 ? { id, scansUsed: null } : null;
}
