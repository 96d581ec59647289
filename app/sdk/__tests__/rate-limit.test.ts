import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import * as startRoute from "@/app/sdk/session/start/route";
import { db } from "@/lib/db";
import { setSdkClock } from "@/lib/http/with-api-key";
import { hourlyRequestCount } from "@/lib/limits/rate-limiter";
import { createApiKey, createDeveloperWithKeys, fillRateWindow, setScansThisMonth } from "@/test/fixtures";
import { pollResult, startSession, uploadComplete, uploadTensor } from "@/test/sdk-client";
import { uniqueIp } from "@/test/ip";

afterEach(() => setSdkClock(() => new Date()));

const counted = (developerId: string) => hourlyRequestCount(developerId);

describe("what counts toward the hourly limit", () => {
  it("counts every answer past the key and account checks: 200, 400, 403, 404 and QUOTA_EXCEEDED", async () => {
    const { developer, live, test } = await createDeveloperWithKeys();
    const other = await createDeveloperWithKeys();
    const foreign = await (await startSession({ key: other.test.key })).json();
    const ok = await startSession({ key: test.key });
    const bad = await startSession({ key: test.key }, { demographics: { age: -1 } });
    const forbidden = await uploadComplete({ key: test.key }, { session_id: foreign.session_id });
    const missing = await pollResult({ key: test.key }, randomUUID());
    await setScansThisMonth(developer.id, 500);
    const quota = await startSession({ key: live.key });
    const statuses = [ok, bad, forbidden, missing, quota].map((r) => r.status);
    expect(statuses).toEqual([200, 400, 403, 404, 429]);
    const remaining = [ok, bad, forbidden, missing, quota].map((r) => Number(r.headers.get("x-ratelimit-remaining")));
    expect(remaining).toEqual([299, 298, 297, 296, 295]);
    expect(await counted(developer.id)).toBe(5);
  });

  it("does not count 401s, account 403s, AUTH_BLOCKED, the upload PUT or OPTIONS", async () => {
    const { developer, live, test } = await createDeveloperWithKeys();
    const session = await (await startSession({ key: test.key })).json();
    expect(await counted(developer.id)).toBe(1);
    await createApiKey(developer.id, "live", { revokedAt: new Date() }).then((k) => startSession({ key: k.key }));
    await uploadTensor(session.upload_url, new Uint8Array(10));
    await startRoute.OPTIONS(
      new Request("http://x/sdk/session/start", { method: "OPTIONS", headers: { "x-api-key": live.key } }),
    );
    const blockedIp = uniqueIp();
    for (let i = 0; i < 10; i++) await startSession({ key: "ck_live_bad", ip: blockedIp });
    expect((await startSession({ key: live.key, ip: blockedIp })).status).toBe(429);
    await db.developer.update({ where: { id: developer.id }, data: { status: "suspended" } });
    expect((await startSession({ key: live.key })).status).toBe(403);
    expect(await counted(developer.id)).toBe(1);
  });

  it("is per developer account: all keys, test and live, share one window", async () => {
    const { developer, live, test } = await createDeveloperWithKeys();
    const second = await createApiKey(developer.id, "test");
    await pollResult({ key: live.key }, randomUUID());
    await pollResult({ key: test.key }, randomUUID());
    const res = await pollResult({ key: second.key }, randomUUID());
    expect(res.headers.get("x-ratelimit-remaining")).toBe("297");
    expect(await counted(developer.id)).toBe(3);
  });
});

describe("the sliding window", () => {
  it("lets through exactly its limit under concurrency", async () => {
    const { developer, test } = await createDeveloperWithKeys();
    const results = await Promise.all(Array.from({ length: 330 }, () => pollResult({ key: test.key }, randomUUID())));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(300);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(await counted(developer.id)).toBe(300);
  });

  it("recovers as the window slides (time injected, not slept)", async () => {
    const { developer, test } = await createDeveloperWithKeys();
    const t0 = new Date("2026-11-22T08:00:00Z");
    setSdkClock(() => t0);
    await fillRateWindow(
      developer.id,
      Array.from({ length: 299 }, () => t0),
    );
    const t1 = new Date(t0.getTime() + 20 * 60_000);
    setSdkClock(() => t1);
    const last = await pollResult({ key: test.key }, randomUUID());
    expect(last.status).toBe(404);
    expect(last.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(last.headers.get("x-ratelimit-reset")).toBe(String(t0.getTime() / 1000 + 3600));

    const t2 = new Date(t0.getTime() + 59 * 60_000);
    setSdkClock(() => t2);
    const refused = await pollResult({ key: test.key }, randomUUID());
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body.retryAfter).toBe(60);
    expect(refused.headers.get("retry-after")).toBe("60");

    // The 299 from t0 leave the window; the one from t1 stays.
    setSdkClock(() => new Date(t0.getTime() + 3600_000 + 1));
    const recovered = await pollResult({ key: test.key }, randomUUID());
    expect(recovered.status).toBe(404);
    expect(recovered.headers.get("x-ratelimit-remaining")).toBe("298");
  });

  it("applies each plan's hourly limit", async () => {
    for (const [plan, limit] of [
      ["pro", 1000],
      ["enterprise", 5000],
    ] as const) {
      const { test } = await createDeveloperWithKeys({ plan });
      const res = await pollResult({ key: test.key }, randomUUID());
      expect(res.headers.get("x-ratelimit-limit")).toBe(String(limit));
      expect(res.headers.get("x-ratelimit-remaining")).toBe(String(limit - 1));
    }
  });
});
