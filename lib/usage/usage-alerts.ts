import { db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { sendMail } from "@/lib/mail/send-mail";
import { usageAlertMail } from "@/lib/mail/templates";
import { emitEvent } from "@/lib/webhooks/emit";
import { monthOf } from "./month";
import { organizationContacts } from "@/lib/teams/contacts";

// The quota mails (docs/api.md, "Usage alerts"): at 80 % and at 100 % of the month's scans,
// each at most once per account and month.

export const ALERT_THRESHOLDS = [
  { percent: 80, column: "alert80SentAt", flag: "at80" },
  { percent: 100, column: "alert100SentAt", flag: "at100" },
] as const;

export type UnsentAlerts = { at80: boolean; at100: boolean };

export const alertThreshold = (percent: number, limit: number) => Math.ceil((limit * percent) / 100);

/**
 * Sends the alerts this scan count has reached and that were still unsent when the scan was
 * counted. Each is claimed first by a conditional write (only one caller turns its column from
 * NULL to a time), so concurrent requests crossing together send one mail. A failure is
 * logged, never thrown or retried: the scan it rides on has succeeded.
 */
export async function sendUsageAlerts(
  developer: { id: string },
  used: number,
  limit: number,
  unsent: UnsentAlerts,
  now: Date,
) {
  try {
    await claimAndSend(developer, used, limit, unsent, now);
  } catch (err) {
    logger.warn("usage alert failed", { developerId: developer.id, error: (err as Error).message });
  }
}

async function claimAndSend(developer: { id: string }, used: number, limit: number, unsent: UnsentAlerts, now: Date) {
  for (const t of ALERT_THRESHOLDS) {
    if (!unsent[t.flag] || used < alertThreshold(t.percent, limit)) continue;
    // The claim and the usage.threshold webhook event commit together (docs/webhooks.md).
    const claimed = await db.$transaction(async (tx) => {
      const claim = await tx.usageMonth.updateMany({
        where: { developerId: developer.id, month: monthOf(now), [t.column]: null },
        data: { [t.column]: now },
      });
      if (claim.count === 1)
        await emitEvent(tx, {
          developerId: developer.id,
          environment: "live",
          type: "usage.threshold",
          data: { percent: t.percent, used, limit, month: monthOf(now) },
        });
      return claim.count === 1;
    });
    if (!claimed) continue;
    for (const to of await organizationContacts(developer.id, ["owner", "billing"]))
      await sendMail(usageAlertMail(to.email, to.name, t.percent, used, limit, monthOf(now)));
  }
}

/** The account's live scans per key per UTC day for the last `days` days, oldest first. */
export async function dailyKeyUsage(developerId: string, days = 30, now = new Date()) {
  const dates = Array.from({ length: days }, (_, i) =>
    new Date(now.getTime() - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
  const rows = await db.keyUsageDay.findMany({
    where: { day: { gte: dates[0] }, apiKey: { developerId } },
    select: { day: true, scanCount: true, apiKey: { select: { id: true, name: true, prefix: true } } },
  });
  const keys = [...new Map(rows.map((r) => [r.apiKey.id, r.apiKey])).values()];
  const points = dates.map((day) => {
    const point: Record<string, string | number> = { day };
    for (const k of keys) point[k.id] = 0;
    for (const r of rows) if (r.day === day) point[r.apiKey.id] = r.scanCount;
    return point;
  });
  return { keys, points };
}
