import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { setSdkClock } from "@/lib/http/with-api-key";
import { hourlyRequestCount } from "@/lib/limits/rate-limiter";
import { createApiKey, createDeveloper, createDeveloperWithKeys, fillRateWindow } from "@/test/fixtures";
import { pollResult, startSession, uploadComplete, type Call } from "@/test/sdk-client";
import { randomUUID } from "node:crypto";
import { expectError } from "@/test/expect-error";
import { uniqueIp } from "@/test/ip";

// The 401/403 cases every SDK endpoint shares, checked on each endpoint.
const endpoints: [string, (call: Call) => Promise<Response>][] = [
  ["start", (call) => startSession(call)],
  ["upload-complete", (call) => uploadComplete(call, { session_id: randomUUID() })],
  [
    "upload-complete (path form)",
    (call) => {
      const id = randomUUID();
      return uploadComplete(call, { session_id: id }, id);
    },
  ],
  ["result", (call) => pollResult(call, randomUUID())],
  ["result (path form)", (call) => pollResult(call, randomUUID(), "path")],
];

afterEach(() => setSdkClock(() => new Date()));

describe.each(endpoints)("%s", (_name, call) => {
  it("401 API_KEY_INVALID without a key, and no rate-limit headers (no account yet)", async () => {
    const res = await call({ ip: uniqueIp() });
    await expectError(res, 401, "API_KEY_INVALID");
    expect(res.headers.get("x-ratelimit-limit")).toBeNull();
  });

  it("401 API_KEY_INVALID for a malformed key and for an unknown one", async () => {
    await expectError(await call({ key: "ck_live_NOTHEX", ip: uniqueIp() }), 401, "API_KEY_INVALID");
    await expectError(await call({ key: `sk_live_${"a".repeat(64)}`, ip: uniqueIp() }), 401, "API_KEY_INVALID");
    await expectError(await call({ key: `ck_live_${"a".repeat(64)}`, ip: uniqueIp() }), 401, "API_KEY_INVALID");
  });

  it("401 API_KEY_REVOKED for a revoked key and API_KEY_EXPIRED for an expired one; revoked wins", async () => {
    const dev = await createDeveloper();
    const past = new Date(Date.now() - 1000);
    const revoked = await createApiKey(dev.id, "live", { revokedAt: past });
    const expired = await createApiKey(dev.id, "live", { expiresAt: past });
    const both = await createApiKey(dev.id, "live", { revokedAt: past, expiresAt: past });
    await expectError(await call({ key: revoked.key, ip: uniqueIp() }), 401, "API_KEY_REVOKED");
    await expectError(await call({ key: expired.key, ip: uniqueIp() }), 401, "API_KEY_EXPIRED");
    await expectError(await call({ key: both.key, ip: uniqueIp() }), 401, "API_KEY_REVOKED");
  });

  it("403 DEVELOPER_SUSPENDED and DEVELOPER_PENDING, with a message saying what to do", async () => {
    const suspended = await createDeveloperWithKeys({ status: "suspended" });
    const pending = await createDeveloperWithKeys({ status: "pending" });
    const s = await expectError(await call({ key: suspended.live.key, ip: uniqueIp() }), 403, "DEVELOPER_SUSPENDED");
    expect(s.message).toMatch(/support/i);
    const p = await expectError(await call({ key: pending.test.key, ip: uniqueIp() }), 403, "DEVELOPER_PENDING");
    expect(p.message).toMatch(/verify/i);
    expect((await hourlyRequestCount(suspended.developer.id)) + (await hourlyRequestCount(pending.developer.id))).toBe(
      0,
    );
  });

  it.each([
    ["suspended", "DEVELOPER_SUSPENDED"],
    ["pending", "DEVELOPER_PENDING"],
  ] as const)(
    "403 answers of a %s account carry the X-RateLimit-* figures of the window, without counting themselves",
    async (status, code) => {
      const { developer, test } = await createDeveloperWithKeys();
      const now = new Date();
      await fillRateWindow(developer.id, [new Date(now.getTime() - 60_000), now]);
      await db.developer.update({ where: { id: developer.id }, data: { status } });
      const res = await call({ key: test.key, ip: uniqueIp() });
      await expectError(res, 403, code);
      expect(res.headers.get("x-ratelimit-limit")).toBe("300");
      expect(res.headers.get("x-ratelimit-remaining")).toBe("298");
      expect(Number(res.headers.get("x-ratelimit-reset"))).toBe(Math.ceil((now.getTime() - 60_000 + 3_600_000) / 1000));
      expect(await hourlyRequestCount(developer.id)).toBe(2);
    },
  );

  it("accepts Authorization: Bearer, and X-API-Key wins over it", async () => {
    const { live } = await createDeveloperWithKeys();
    const bearer = await call({ ip: uniqueIp(), headers: { authorization: `Bearer ${live.key}` } });
    expect(bearer.status).not.toBe(401);
    const conflicting = await call({
      key: `ck_live_${"b".repeat(64)}`,
      ip: uniqueIp(),
      headers: { authorization: `Bearer ${live.key}` },
    });
    await expectError(conflicting, 401, "API_KEY_INVALID");
  });

  it("429 RATE_LIMIT_EXCEEDED past the hourly limit, retryable, with Retry-After and X-RateLimit-*", async () => {
    const { developer, test } = await createDeveloperWithKeys();
    const now = new Date();
    await fillRateWindow(
      developer.id,
      Array.from({ length: 300 }, (_, i) => new Date(now.getTime() - 3_000_000 + i)),
    );
    const res = await call({ key: test.key, ip: uniqueIp() });
    const body = await expectError(res, 429, "RATE_LIMIT_EXCEEDED", true);
    expect(body.retryAfter).toBeGreaterThanOrEqual(1);
    expect(res.headers.get("retry-after")).toBe(String(body.retryAfter));
    expect(res.headers.get("x-ratelimit-limit")).toBe("300");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(res.headers.get("x-ratelimit-reset"))).toBe(
      Math.ceil((now.getTime() - 3_000_000 + 3_600_000) / 1000),
    );
    expect(await hourlyRequestCount(developer.id)).toBe(300);
  });
});

describe("revocation", () => {
  it("takes effect on the very next request", async () => {
    const { live } = await createDeveloperWithKeys();
    const ip = uniqueIp();
    expect((await startSession({ key: live.key, ip })).status).toBe(200);
    await db.apiKey.update({ where: { id: live.id }, data: { revokedAt: new Date() } });
    await expectError(await startSession({ key: live.key, ip }), 401, "API_KEY_REVOKED");
  });
});

describe("last_used_at", () => {
  it("is kept without a write on every request", async () => {
    const { live } = await createDeveloperWithKeys();
    const t0 = new Date();
    setSdkClock(() => t0);
    await pollResult({ key: live.key }, randomUUID());
    const first = (await db.apiKey.findUniqueOrThrow({ where: { id: live.id } })).lastUsedAt;
    expect(first?.getTime()).toBe(t0.getTime());
    setSdkClock(() => new Date(t0.getTime() + 30_000));
    await pollResult({ key: live.key }, randomUUID());
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: live.id } })).lastUsedAt?.getTime()).toBe(t0.getTime());
    setSdkClock(() => new Date(t0.getTime() + 61_000));
    await pollResult({ key: live.key }, randomUUID());
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: live.id } })).lastUsedAt?.getTime()).toBe(
      t0.getTime() + 61_000,
    );
  });
});
