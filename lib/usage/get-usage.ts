import { db } from "@/lib/db";
import type { Plan } from "@/lib/generated/prisma/enums";
import { PLAN_LIMITS } from "@/lib/plans/plan-limits";
import { lastMonths, monthOf } from "./month";
import { unixSeconds } from "@/lib/time";

export type Usage = {
  current_month: { month: string; scan_count: number; last_scan_at?: number };
  limit: number;
  remaining: number;
  plan: Plan;
};

export const HISTORY_MONTHS = 6;

/** This UTC month's live scans against the plan's limit (the spec's Usage object). */
export async function getUsage(developer: { id: string; plan: Plan }, now = new Date()): Promise<Usage> {
  const month = monthOf(now);
  const row = await db.usageMonth.findUnique({ where: { developerId_month: { developerId: developer.id, month } } });
  const limit = PLAN_LIMITS[developer.plan].monthlyScans;
  const scanCount = row?.scanCount ?? 0;
  const current: Usage["current_month"] = { month, scan_count: scanCount };
  if (row?.lastScanAt && scanCount > 0) current.last_scan_at = unixSeconds(row.lastScanAt);
  return { current_month: current, limit, remaining: Math.max(0, limit - scanCount), plan: developer.plan };
}

/** The last six months including this one, newest first, months without scans as 0. */
export async function getUsageHistory(developerId: string, now = new Date()) {
  const months = lastMonths(now, HISTORY_MONTHS);
  const rows = await db.usageMonth.findMany({ where: { developerId, month: { in: months } } });
  const counts = new Map(rows.map((r) => [r.month, r.scanCount]));
  return { history: months.map((month) => ({ month, scan_count: counts.get(month) ?? 0 })) };
}
