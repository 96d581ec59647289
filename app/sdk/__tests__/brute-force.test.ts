import { afterEach, describe, expect, it } from "vitest";
import { setSdkClock } from "@/lib/http/with-api-key";
import { createApiKey, createDeveloperWithKeys } from "@/test/fixtures";
import { startSession } from "@/test/sdk-client";
import { uniqueIp } from "@/test/ip";
import { call } from "@/test/drive-route";
import * as login from "@/app/developer/login/route";
import { developerWithToken } from "@/test/developer-fixtures";

afterEach(() => setSdkClock(() => new Date()));

const unknownKey = () => `ck_live_${"0".repeat(64)}`;

describe("brute-force protection (10 failed key authentications per IP in 15 minutes)", () => {
  it("blocks the 11th request and every SDK request from that IP, even with a valid key", async () => {
    const { live } = await createDeveloperWithKeys();
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await startSession({ key: unknownKey(), ip })).status).toBe(401);
    const blocked = await startSession({ key: live.key, ip });
    expect(blocked.status).toBe(429);
    const body = await blocked.json();
    expect(body).toMatchObject({ error: "AUTH_BLOCKED", retryable: true });
    expect(body.retryAfter).toBeGreaterThan(14 * 60);
    expect(body.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.headers.get("retry-after")).toBe(String(body.retryAfter));
    // Another IP is not affected.
    expect((await startSession({ key: live.key, ip: uniqueIp() })).status).toBe(200);
  });

  it("counts a burst of parallel invalid keys one by one: 10 answered 401, the rest 429 AUTH_BLOCKED", async () => {
    const ip = uniqueIp();
    const answers = await Promise.all(Array.from({ length: 40 }, () => startSession({ key: unknownKey(), ip })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    const blocked = await answers[statuses.indexOf(429)].json();
    expect(blocked).toMatchObject({ error: "AUTH_BLOCKED", retryable: true });
    expect(blocked.retryAfter).toBeGreaterThan(14 * 60);
  });

  it("lifts the block after 15 minutes", async () => {
    const { live } = await createDeveloperWithKeys();
    const ip = uniqueIp();
    const t0 = new Date();
    setSdkClock(() => t0);
    for (let i = 0; i < 10; i++) await startSession({ key: "", ip });
    expect((await startSession({ key: live.key, ip })).status).toBe(429);
    setSdkClock(() => new Date(t0.getTime() + 15 * 60_000 + 1000));
    expect((await startSession({ key: live.key, ip })).status).toBe(200);
  });

  it("a valid key clears nothing: failures made with other keys still count toward the block", async () => {
    const { live } = await createDeveloperWithKeys();
    const ip = uniqueIp();
    for (let i = 0; i < 9; i++) await startSession({ key: unknownKey(), ip });
    expect((await startSession({ key: live.key, ip })).status).toBe(200);
    expect((await startSession({ key: "ck_test_short", ip })).status).toBe(401);
    expect((await startSession({ key: live.key, ip })).status).toBe(429);
  });

  it("counts failures within 15 minutes only", async () => {
    const { live } = await createDeveloperWithKeys();
    const ip = uniqueIp();
    const t0 = new Date();
    setSdkClock(() => t0);
    for (let i = 0; i < 5; i++) await startSession({ key: unknownKey(), ip });
    setSdkClock(() => new Date(t0.getTime() + 16 * 60_000));
    for (let i = 0; i < 9; i++) await startSession({ key: unknownKey(), ip });
    expect((await startSession({ key: live.key, ip })).status).toBe(200);
  });

  it("does not count revoked or expired keys as failures (they are not API_KEY_INVALID)", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    const revoked = await createApiKey(developer.id, "live", { revokedAt: new Date() });
    const ip = uniqueIp();
    for (let i = 0; i < 12; i++) expect((await startSession({ key: revoked.key, ip })).status).toBe(401);
    expect((await startSession({ key: live.key, ip })).status).toBe(200);
  });

  it("keeps its own counter: failed logins neither block the SDK nor add to its count, nor the reverse", async () => {
    const { live } = await createDeveloperWithKeys();
    const { dev, password } = await developerWithToken();
    const signIn = (ip: string, pw: string) =>
      call(login.POST, "POST", "/developer/login", { ip, body: { email: dev.email, password: pw } });

    const loginBlocked = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await signIn(loginBlocked, `wrong password ${i}`)).status).toBe(401);
    expect((await signIn(loginBlocked, password)).status).toBe(429);
    expect((await startSession({ key: live.key, ip: loginBlocked })).status).toBe(200);

    // (That address of the account is now blocked from every IP: another account from here on.)
    const other = await developerWithToken();
    const signInOther = (ip: string, pw: string) =>
      call(login.POST, "POST", "/developer/login", { ip, body: { email: other.dev.email, password: pw } });
    const sdkBlocked = uniqueIp();
    for (let i = 0; i < 10; i++) await startSession({ key: unknownKey(), ip: sdkBlocked });
    expect((await startSession({ key: live.key, ip: sdkBlocked })).status).toBe(429);
    expect((await signInOther(sdkBlocked, other.password)).status).toBe(200);

    // Five of each from one address: neither counter reaches 10.
    const mixed = uniqueIp();
    for (let i = 0; i < 5; i++) {
      await signInOther(mixed, `wrong password ${i}`);
      await startSession({ key: unknownKey(), ip: mixed });
    }
    expect((await startSession({ key: unknownKey(), ip: mixed })).status).toBe(401);
    expect((await signInOther(mixed, `wrong password x`)).status).toBe(401);
  });
});
