import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { setSdkClock } from "@/lib/http/with-api-key";
import { hourlyRequestCount } from "@/lib/limits/rate-limiter";
import { createDeveloperWithKeys, fillRateWindow, setScansThisMonth } from "@/test/fixtures";
import { startSession } from "@/test/sdk-client";
import { uniqueIp } from "@/test/ip";

afterEach(() => setSdkClock(() => new Date()));

const month = () => new Date().toISOString().slice(0, 7);
const usageOf = (res: Response) => ["current", "limit", "remaining"].map((f) => res.headers.get(`x-usage-${f}`));
const scans = async (developerId: string) =>
  (await db.usageMonth.findUnique({ where: { developerId_month: { developerId, month: month() } } }))?.scanCount ?? 0;

describe("POST /sdk/session/start", () => {
  it("creates a session with a signed upload URL built from APP_URL, expiring in 15 minutes", async () => {
    const { live } = await createDeveloperWithKeys();
    const now = new Date("2026-11-22T10:00:00Z");
    setSdkClock(() => now);
    const res = await startSession({ key: live.key, headers: { host: "evil.example" } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["expires_at", "fallback_config", "session_id", "upload_url"]);
    expect(body.session_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body.expires_at).toBe(now.getTime() / 1000 + 900);
    const url = new URL(body.upload_url);
    expect(url.origin).toBe("http://localhost:3000");
    expect(url.pathname).toBe(`/upload/${body.session_id}`);
    expect(url.searchParams.get("expires")).toBe(String(body.expires_at));
    expect(url.searchParams.get("sig")).toMatch(/^[0-9a-f]{64}$/);
    const row = await db.session.findUniqueOrThrow({ where: { id: body.session_id } });
    expect(row.status).toBe("created");
    expect(row.environment).toBe("live");
  });

  it("answers fallback_config with every range, confidence 0.0, varying between sessions", async () => {
    const { test } = await createDeveloperWithKeys();
    const configs = await Promise.all(
      Array.from({ length: 8 }, async () => (await (await startSession({ key: test.key })).json()).fallback_config),
    );
    for (const c of configs) {
      for (const field of ["heart_rate", "hrv", "respiratory_rate", "spo2", "systolic_bp", "diastolic_bp_offset"]) {
        expect(typeof c[field].min).toBe("number");
        expect(c[field].max).toBeGreaterThan(c[field].min);
      }
      expect(c.confidence).toBe(0);
      expect(c.heart_rate.min).toBeGreaterThanOrEqual(60);
      expect(c.heart_rate.max).toBeLessThanOrEqual(95);
    }
    expect(new Set(configs.map((c) => JSON.stringify(c))).size).toBeGreaterThan(1);
  });

  it("uses one scan on a live key and reports X-Usage-* and X-RateLimit-*", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    await setScansThisMonth(developer.id, 10);
    const res = await startSession({ key: live.key });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-usage-current")).toBe("11");
    expect(res.headers.get("x-usage-limit")).toBe("500");
    expect(res.headers.get("x-usage-remaining")).toBe("489");
    expect(res.headers.get("x-ratelimit-limit")).toBe("300");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("299");
    expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(await scans(developer.id)).toBe(11);
  });

  it("uses no scan on a test key, and still reports the live figures", async () => {
    const { developer, test } = await createDeveloperWithKeys();
    await setScansThisMonth(developer.id, 7);
    const res = await startSession({ key: test.key });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-usage-current")).toBe("7");
    expect(res.headers.get("x-usage-remaining")).toBe("493");
    expect(await scans(developer.id)).toBe(7);
  });

  it("429 QUOTA_EXCEEDED at the quota, not retryable, counted in the hour, with usage headers", async () => {
    const { developer, live, test } = await createDeveloperWithKeys({ plan: "pro" });
    await setScansThisMonth(developer.id, 5000);
    const res = await startSession({ key: live.key });
    expect(res.status).toBe(429);
    const body = await res.json();
    expect(body).toMatchObject({ error: "QUOTA_EXCEEDED", retryable: false });
    expect(body).not.toHaveProperty("retryAfter");
    expect(res.headers.get("x-usage-remaining")).toBe("0");
    expect(res.headers.get("x-usage-limit")).toBe("5000");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("999");
    expect(await db.session.count({ where: { developerId: developer.id } })).toBe(0);
    // The sandbox never runs out.
    expect((await startSession({ key: test.key })).status).toBe(200);
  });

  it("50 concurrent live starts against 20 remaining scans create exactly 20 sessions", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    await setScansThisMonth(developer.id, 480);
    const ip = uniqueIp();
    const results = await Promise.all(Array.from({ length: 50 }, () => startSession({ key: live.key, ip })));
    const codes = await Promise.all(results.map(async (r) => (r.status === 200 ? "ok" : (await r.json()).error)));
    expect(codes.filter((c) => c === "ok")).toHaveLength(20);
    expect(codes.filter((c) => c === "QUOTA_EXCEEDED")).toHaveLength(30);
    expect(await db.session.count({ where: { developerId: developer.id } })).toBe(20);
    expect(await scans(developer.id)).toBe(500);
    // A refusal for the quota never reports scans left, however stale its own read was.
    const refused = results.filter((r) => r.status === 429);
    expect(refused.map(usageOf)).toEqual(refused.map(() => ["500", "500", "0"]));
  });

  it.each([
    [{ demographics: { age: 0 } }],
    [{ demographics: { age: 121 } }],
    [{ demographics: { age: 30.5 } }],
    [{ demographics: { age: "30" } }],
    [{ demographics: { sex: "male" } }],
    [{ demographics: { sex: "m" } }],
    [{ demographics: { fitzpatrick: 7 } }],
    [{ demographics: { fitzpatrick: 0 } }],
    [{ demographics: { height: 180 } }],
    [{ demographics: "old" }],
    ["[1,2]"],
    ["not json"],
  ])("400 INVALID_REQUEST for %j, using no scan, with X-RateLimit-* and X-Usage-*", async (body) => {
    const { developer, live } = await createDeveloperWithKeys();
    await setScansThisMonth(developer.id, 12);
    const res = await startSession({ key: live.key }, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "INVALID_REQUEST", retryable: false });
    expect(res.headers.get("x-ratelimit-remaining")).toBe("299");
    expect(usageOf(res)).toEqual(["12", "500", "488"]);
    expect(await scans(developer.id)).toBe(12);
  });

  it.each([
    ['{"demographics":{"age":1e23}}', "demographics.age: age must be a whole number from 1 to 120"],
    ['{"demographics":{"age":30.5}}', "demographics.age: age must be a whole number from 1 to 120"],
    [
      '{"demographics":{"fitzpatrick":9007199254740993}}',
      "demographics.fitzpatrick: fitzpatrick must be a whole number from 1 to 6",
    ],
  ])("names the documented range for %s", async (body, message) => {
    const { test } = await createDeveloperWithKeys();
    const res = await startSession({ key: test.key }, body);
    expect(await res.json()).toEqual({
      error: "INVALID_REQUEST",
      message: `Invalid request: ${message}`,
      retryable: false,
    });
  });

  it("429 RATE_LIMIT_EXCEEDED carries X-Usage-* too, and uses no scan", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    await setScansThisMonth(developer.id, 40);
    const now = new Date();
    await fillRateWindow(
      developer.id,
      Array.from({ length: 300 }, (_, i) => new Date(now.getTime() - 600_000 + i)),
    );
    const res = await startSession({ key: live.key, ip: uniqueIp() });
    expect(res.status).toBe(429);
    expect((await res.json()).error).toBe("RATE_LIMIT_EXCEEDED");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(usageOf(res)).toEqual(["40", "500", "460"]);
    expect(await scans(developer.id)).toBe(40);
  });

  it.each(["pending", "suspended"] as const)(
    "403 for a %s account carries X-Usage-* and X-RateLimit-*, counting nothing",
    async (status) => {
      const { developer, live, test } = await createDeveloperWithKeys();
      await setScansThisMonth(developer.id, 3);
      await fillRateWindow(developer.id, [new Date(Date.now() - 60_000)]);
      await db.developer.update({ where: { id: developer.id }, data: { status } });
      for (const key of [live.key, test.key]) {
        const res = await startSession({ key, ip: uniqueIp() });
        expect(res.status).toBe(403);
        expect((await res.json()).error).toBe(status === "pending" ? "DEVELOPER_PENDING" : "DEVELOPER_SUSPENDED");
        expect(usageOf(res)).toEqual(["3", "500", "497"]);
        expect([res.headers.get("x-ratelimit-limit"), res.headers.get("x-ratelimit-remaining")]).toEqual([
          "300",
          "299",
        ]);
      }
      expect(await hourlyRequestCount(developer.id)).toBe(1);
      expect(await scans(developer.id)).toBe(3);
    },
  );

  it("a key revoked or an account suspended between two starts is refused on the very next one", async () => {
    const { developer, live, test } = await createDeveloperWithKeys();
    const ip = uniqueIp();
    expect((await startSession({ key: live.key, ip })).status).toBe(200);
    expect((await startSession({ key: test.key, ip })).status).toBe(200);
    await db.apiKey.update({ where: { id: live.id }, data: { revokedAt: new Date() } });
    expect((await startSession({ key: live.key, ip })).status).toBe(401);
    await db.developer.update({ where: { id: developer.id }, data: { status: "suspended" } });
    expect((await startSession({ key: test.key, ip })).status).toBe(403);
    await db.developer.update({ where: { id: developer.id }, data: { status: "active" } });
    expect((await startSession({ key: test.key, ip })).status).toBe(200);
    // 3 successes; the 401 and the 403 are not counted.
    expect(await hourlyRequestCount(developer.id)).toBe(3);
  });

  it("a plan change takes effect on the next start: the hourly limit and the quota of the new plan", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    await setScansThisMonth(developer.id, 500);
    const ip = uniqueIp();
    expect((await startSession({ key: live.key, ip })).status).toBe(429);
    await db.organization.update({ where: { id: developer.id }, data: { plan: "pro" } });
    const res = await startSession({ key: live.key, ip });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(usageOf(res)).toEqual(["501", "5000", "4499"]);
  });

  it("400 INVALID_REQUEST for a top-level field other than demographics, creating no session", async () => {
    const { developer, test } = await createDeveloperWithKeys();
    for (const body of [{ foo: 1 }, { demographic: { age: 40 } }, { demographics: {}, extra: true }]) {
      const res = await startSession({ key: test.key }, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({
        error: "INVALID_REQUEST",
        message: expect.stringMatching(/unrecognized key/i),
      });
    }
    expect(await db.session.count({ where: { developerId: developer.id } })).toBe(0);
  });

  it("accepts an empty body, {} and full demographics, and stores them with the session", async () => {
    const { test } = await createDeveloperWithKeys();
    expect((await startSession({ key: test.key })).status).toBe(200);
    expect((await startSession({ key: test.key }, {})).status).toBe(200);
    const res = await startSession({ key: test.key }, { demographics: { age: 120, sex: "X", fitzpatrick: 6 } });
    expect(res.status).toBe(200);
    const row = await db.session.findUniqueOrThrow({ where: { id: (await res.json()).session_id } });
    expect(row.demographics).toEqual({ age: 120, sex: "X", fitzpatrick: 6 });
  });
});
