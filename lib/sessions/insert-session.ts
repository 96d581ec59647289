import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import type { KeyEnvironment } from "@/lib/generated/prisma/enums";
import { monthOf } from "@/lib/usage/month";
import type { FallbackConfig } from "./fallback";
import type { Demographics } from "./schemas";

type NewSession = {
  developerId: string;
  apiKeyId: string;
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
 * create min(N, R) sessions. Returns null when the quota is used up, else the month's count
 * (null count for test keys, which use no quota).
 */
export async function insertSession(s: NewSession): Promise<{ id: string; scansUsed: number | null } | null> {
  const id = randomUUID();
  if (s.environment === "test") {
    await db.session.create({
      data: { id, developerId: s.developerId, apiKeyId: s.apiKeyId, environment: "test", demographics: s.demographics, fallbackConfig: s.fallbackConfig, expiresAt: s.expiresAt },
    });
    return { id, scansUsed: null };
  }
  const demographics = s.demographics ? JSON.stringify(s.demographics) : null;
  const [row] = await db.$queryRaw<{ used: number | null; created: number }[]>`
    WITH used AS (
      INSERT INTO "UsageMonth" ("developerId", month, "scanCount", "lastScanAt")
      VALUES (${s.developerId}::uuid, ${monthOf(s.now)}, 1, ${s.now})
      ON CONFLICT ("developerId", month) DO UPDATE
        SET "scanCount" = "UsageMonth"."scanCount" + 1, "lastScanAt" = EXCLUDED."lastScanAt"
        WHERE "UsageMonth"."scanCount" < ${s.monthlyLimit}
      RETURNING "scanCount"
    ), created AS (
      INSERT INTO "Session" (id, "developerId", "apiKeyId", environment, demographics, "fallbackConfig", "expiresAt", "createdAt", "updatedAt")
      SELECT ${id}::uuid, ${s.developerId}::uuid, ${s.apiKeyId}::uuid, 'live', ${demographics}::jsonb,
             ${JSON.stringify(s.fallbackConfig)}::jsonb, ${s.expiresAt}, ${s.now}, ${s.now}
      FROM used
      RETURNING id
    )
    SELECT (SELECT "scanCount" FROM used) AS used, (SELECT count(*)::int FROM created) AS created`;
  return row.created === 1 ? { id, scansUsed: row.used } : null;
}
