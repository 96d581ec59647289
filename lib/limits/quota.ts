import type { Prisma } from "@/lib/generated/prisma/client";
import { monthOf } from "@/lib/usage/month";

type Tx = Prisma.TransactionClient;

/**
 * Uses one scan of this month's quota in a single conditional statement: concurrent callers
 * serialise on the row, so N starts against R remaining scans succeed exactly min(N, R) times.
 * Returns the month's new count, or null when the quota is exhausted.
 */
export async function consumeScan(tx: Tx, developerId: string, monthlyLimit: number, now: Date): Promise<number | null> {
  const rows = await tx.$queryRaw<{ scanCount: number }[]>`
    INSERT INTO "UsageMonth" ("developerId", month, "scanCount", "lastScanAt")
    VALUES (${developerId}::uuid, ${monthOf(now)}, 1, ${now})
    ON CONFLICT ("developerId", month) DO UPDATE
      SET "scanCount" = "UsageMonth"."scanCount" + 1, "lastScanAt" = EXCLUDED."lastScanAt"
      WHERE "UsageMonth"."scanCount" < ${monthlyLimit}
    RETURNING "scanCount"`;
  return rows[0]?.scanCount ?? null;
}
