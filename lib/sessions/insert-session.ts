import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { KeyEnvironment } from "@/lib/generated/prisma/enums";
import { dayOf, monthOf } from "@/lib/usage/month";
import type { FallbackConfig } from "./fallback";
import type { Demographics } from "./schemas";

export type NewSession = {
  /** Chosen before the insert, so a start whose answer is lost can be undone (undo-lost-start.ts). */
  id: string;
  developerId: string;
  /** Null for a Try it scan (lib/sessions/insert-try-it-session.ts). */
  apiKeyId: string | null;
  environment: KeyEnvironment;
  demographics?: Demographics;
  fallbackConfig: FallbackConfig;
  expiresAt: Date;
  now: Date;
  monthlyLimit: number;
};

/**
 * Inserts a session. On a live key, one scan of the month's quota is used in the same
 * statement: the conditional upsert serialises concurrent callers on the month's row, and the
 * session exists exactly when its scan was paid for, so N starts against R remaining scans
 * create min(N, R) sessions. The key's count for the day goes up in that statement too.
 * Returns null when the quota is used up, else the month's count and which of the month's
 * usage alerts are still unsent (null count for test keys, which use no quota).
 */
export async function insertSession(
  s: NewSession,
  client: Prisma.TransactionClient = db,
): Promise<{ id: string; scansUsed: number | null; alertsUnsent?: { at80: boolean; at100: boolean } } | null> {
  const id = s.id;
  if (s.environment === "test") {
    await client.session.create({
      data: {
        id,
        developerId: s.developerId,
        apiKeyId: s.apiKeyId,
        environment: "test",
        demographics: s.demographics,
        fallbackConfig: s.fallbackConfig,
        expiresAt: s.expiresAt,
      },
    });
    return { id, scansUsed: null };
  }
  const demographics = s.demographics ? JSON.stringify(s.demographics) : null;
  const [row] = await client.$queryRaw<
    { used: number | null; unsent80: boolean; unsent100: boolean; created: number }[]
  >`
    WITH used AS (
      INSERT INTO "UsageMonth" ("developerId", month, "scanCount", "lastScanAt")
      VALUES (${s.developerId}::uuid, ${monthOf(s.now)}, 1, ${s.now})
      ON CONFLICT ("developerId", month) DO UPDATE
        SET "scanCount" = "UsageMonth"."scanCount" + 1, "lastScanAt" = EXCLUDED."lastScanAt"
        WHERE "UsageMonth"."scanCount" < ${s.monthlyLimit}
      RETURNING "scanCount", "alert80SentAt" IS NULL AS unsent80, "alert100SentAt" IS NULL AS unsent100
    ), daily AS (
      INSERT INTO "KeyUsageDay" ("apiKeyId", day, "scanCount")
      SELECT ${s.apiKeyId}::uuid, ${dayOf(s.now)}, 1 FROM used WHERE ${s.apiKeyId}::uuid IS NOT NULL
      ON CONFLICT ("apiKeyId", day) DO UPDATE SET "scanCount" = "KeyUsageDay"."scanCount" + 1
    ), created AS (
      INSERT INTO "Session" (id, "developerId", "apiKeyId", environment, demographics, "fallbackConfig", "expiresAt", "createdAt", "updatedAt")
      SELECT ${id}::uuid, ${s.developerId}::uuid, ${s.apiKeyId}::uuid, 'live', ${demographics}::jsonb,
             ${JSON.stringify(s.fallbackConfig)}::jsonb, ${s.expiresAt}, ${s.now}, ${s.now}
      FROM used
      RETURNING id
    )
    SELECT (SELECT "scanCount" FROM used) AS used, (SELECT unsent80 FROM used) AS unsent80,
           (SELECT unsent100 FROM used) AS unsent100, (SELECT count(*)::int FROM created) AS created`;
  return row.created === 1
    ? { id, scansUsed: row.used, alertsUnsent: { at80: row.unsent80, at100: row.unsent100 } }
    : null;
}
