import { db } from "@/lib/db";
import { lastMonths } from "@/lib/usage/month";
import { HISTORY_MONTHS } from "@/lib/usage/get-usage";
import { dayOf, tryItDailyCap } from "./try-it-day";

export type TryItAllowance = { used: number; cap: number; remaining: number };

/** Today's (UTC) Try it scans against the daily cap. */
export async function tryItAllowance(developerId: string, now = new Date()): Promise<TryItAllowance> {
  const row = await db.tryItDay.findUnique({ where: { developerId_day: { developerId, day: dayOf(now) } } });
  const cap = tryItDailyCap();
  const used = row?.scanCount ?? 0;
  return { used, cap, remaining: Math.max(0, cap - used) };
}

/**
 * Try it scans per month over the usage history's months (newest first, 0 where none): the
 * portal's second series beside the live scans of GET /developer/usage/history.
 */
export async function tryItHistory(
  developerId: string,
  now = new Date(),
): Promise<{ month: string; scan_count: number }[]> {
  const months = lastMonths(now, HISTORY_MONTHS);
  const rows = await db.$queryRaw<{ month: string; scans: number }[]>`
    SELECT left(day, 7) AS month, sum("scanCount")::int AS scans
    FROM "TryItDay"
    WHERE "developerId" = ${developerId}::uuid AND day >= ${`${months[months.length - 1]}-01`}
    GROUP BY 1`;
  const counts = new Map(rows.map((r) => [r.month, r.scans]));
  return months.map((month) => ({ month, scan_count: counts.get(month) ?? 0 }));
}
