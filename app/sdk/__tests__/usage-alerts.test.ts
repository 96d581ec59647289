import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { dailyKeyUsage } from "@/lib/usage/usage-alerts";
import { smtpPerSuite } from "@/test/developer-helpers";
import { createApiKey, createDeveloperWithKeys, setScansThisMonth } from "@/test/fixtures";
import { startSession } from "@/test/sdk-client";
import { uniqueIp } from "@/test/ip";

const mail = smtpPerSuite();
const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";

async function starts(key: string, n: number) {
  const answers = await Promise.all(Array.from({ length: n }, () => startSession({ key, ip: uniqueIp() })));
  return answers.map((a) => a.status);
}

describe("usage alerts", () => {
  it("mails once at 80 % when crossing under concurrency, not on every request after; once more at 100 %", async () => {
    // starter: 500 scans a month, so 80 % is the 400th scan.
    const { developer, live } = await createDeveloperWithKeys({ plan: "starter" });
    await setScansThisMonth(developer.id, 396);
    expect(await starts(live.key, 8)).toEqual(Array(8).fill(200)); // 397..404 cross 400 together
    await mail.waitFor(developer.email);
    expect(await starts(live.key, 6)).toEqual(Array(6).fill(200));

    await setScansThisMonth(developer.id, 497);
    const last = await starts(live.key, 5); // 498, 499, 500, then two refused
    expect(last.sort()).toEqual([200, 200, 200, 429, 429]);
    const full = await mail.waitFor(developer.email, mail.mails.findIndex((m) => m.to === developer.email) + 1);
    expect(subjectOf(full.raw)).toContain("all 500 scans");
    await new Promise((r) => setTimeout(r, 500)); // room for any duplicate to arrive

    const mine = mail.mails.filter((m) => m.to === developer.email).map((m) => subjectOf(m.raw));
    expect(mine.filter((s) => s.includes("80 %"))).toHaveLength(1);
    expect(mine.filter((s) => s.includes("all 500 scans"))).toHaveLength(1);
    expect(mine).toHaveLength(2);
    const month = await db.usageMonth.findFirstOrThrow({ where: { developerId: developer.id } });
    expect(month.alert80SentAt).not.toBeNull();
    expect(month.alert100SentAt).not.toBeNull();
  });

  it("counts live scans per key per day in the quota statement; test keys use no quota and are not counted", async () => {
    const { developer, live, test } = await createDeveloperWithKeys({ plan: "pro" });
    const second = await createApiKey(developer.id, "live");
    await starts(live.key, 3);
    await starts(second.key, 2);
    await starts(test.key, 2);
    const today = new Date().toISOString().slice(0, 10);
    const rows = await db.keyUsageDay.findMany({
      where: { apiKey: { developerId: developer.id } },
      orderBy: { scanCount: "desc" },
    });
    expect(rows.map((r) => [r.apiKeyId, r.day, r.scanCount])).toEqual([
      [live.id, today, 3],
      [second.id, today, 2],
    ]);
    const usage = await dailyKeyUsage(developer.id);
    expect(usage.points).toHaveLength(30);
    expect(usage.points.at(-1)).toEqual({ day: today, [live.id]: 3, [second.id]: 2 });
    expect(usage.points[0]).toEqual({ day: usage.points[0].day, [live.id]: 0, [second.id]: 0 });
    expect(usage.keys.map((k) => k.id).sort()).toEqual([live.id, second.id].sort());
  });
});
