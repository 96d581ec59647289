import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { setSdkClock } from "@/lib/http/with-api-key";
import { hashClientToken } from "@/lib/keys/client-token-format";
import { dumpDatabase } from "@/test/dump-database";
import { createApiKey, createDeveloper, createDeveloperWithKeys } from "@/test/fixtures";
import { mintClientToken, mintedToken, TOKEN_ORIGIN } from "@/test/sdk-client";
import { hourlyRequestCount } from "@/lib/limits/rate-limiter";
import { expectError } from "@/test/expect-error";
import { uniqueIp } from "@/test/ip";

// POST /sdk/client-token: minting a short-lived browser credential with a secret key.

afterEach(() => setSdkClock(() => new Date()));

describe("POST /sdk/client-token", () => {
  it("answers 201 { token, expires_at, max_scans, origins } with defaults: 5 minutes, one scan", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    const now = new Date("2026-11-23T06:00:00Z");
    setSdkClock(() => now);
    const res = await mintClientToken({ key: live.key, ip: uniqueIp() }, { origins: [TOKEN_ORIGIN] });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("299");
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["expires_at", "max_scans", "origins", "token"]);
    expect(body.token).toMatch(/^ct_live_[0-9a-f]{64}$/);
    expect(body).toMatchObject({ expires_at: now.getTime() / 1000 + 300, max_scans: 1, origins: [TOKEN_ORIGIN] });
    const row = await db.clientToken.findUniqueOrThrow({ where: { tokenHash: hashClientToken(body.token) } });
    expect(row).toMatchObject({ apiKeyId: live.id, maxScans: 1, scansUsed: 0, origins: [TOKEN_ORIGIN] });
    expect(row.expiresAt.getTime()).toBe(now.getTime() + 300_000);
    // Only the hash is stored, and minting (an SDK call) writes no audit row.
    expect(await dumpDatabase()).not.toContain(body.token.slice(8));
    expect(await db.auditLog.count({ where: { actorId: developer.id } })).toBe(0);
  });

  it("honours ttl_seconds, max_scans and several origins (duplicates once), with Bearer auth; a test key mints ct_test_", async () => {
    const { test } = await createDeveloperWithKeys();
    const now = new Date();
    setSdkClock(() => now);
    const origins = [
      "https://app.example.com",
      "http://localhost:5173",
      "https://app.example.com",
      "https://a.example.org:8443",
    ];
    const res = await mintClientToken(
      { ip: uniqueIp(), headers: { authorization: `Bearer ${test.key}` } },
      { ttl_seconds: 900, max_scans: 10, origins },
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.token).toMatch(/^ct_test_[0-9a-f]{64}$/);
    expect(body).toMatchObject({
      expires_at: Math.floor(now.getTime() / 1000) + 900,
      max_scans: 10,
      origins: [origins[0], origins[1], origins[3]],
    });
  });

  it("never lets a token outlive its key's own expiry", async () => {
    const dev = await createDeveloper();
    const now = new Date();
    setSdkClock(() => now);
    const key = await createApiKey(dev.id, "live", { expiresAt: new Date(now.getTime() + 60_000) });
    const body = await (
      await mintClientToken({ key: key.key, ip: uniqueIp() }, { origins: [TOKEN_ORIGIN], ttl_seconds: 600 })
    ).json();
    expect(body.expires_at).toBe(Math.floor((now.getTime() + 60_000) / 1000));
  });

  it.each<[string, unknown]>([
    ["no body", undefined],
    ["a body that is not JSON", "{origins:"],
    ["no origins", {}],
    ["empty origins", { origins: [] }],
    ["origins not a list", { origins: "https://app.example.com" }],
    ["an origin with a path", { origins: ["https://app.example.com/scan"] }],
    ["an origin with a trailing slash", { origins: ["https://app.example.com/"] }],
    ["a wildcard origin", { origins: ["https://*.example.com"] }],
    ["a bare host", { origins: ["app.example.com"] }],
    ["the null origin", { origins: ["null"] }],
    ["a non-http scheme", { origins: ["ftp://app.example.com"] }],
    ["an upper-case host", { origins: ["https://App.example.com"] }],
    ["a default port spelled out", { origins: ["https://app.example.com:443"] }],
    ["too many origins", { origins: Array.from({ length: 11 }, (_, i) => `https://a${i}.example.com`) }],
    ["ttl_seconds over 15 minutes", { origins: [TOKEN_ORIGIN], ttl_seconds: 901 }],
    ["ttl_seconds under 30 s", { origins: [TOKEN_ORIGIN], ttl_seconds: 29 }],
    ["a fractional ttl_seconds", { origins: [TOKEN_ORIGIN], ttl_seconds: 60.5 }],
    ["ttl_seconds as a string", { origins: [TOKEN_ORIGIN], ttl_seconds: "300" }],
    ["max_scans 0", { origins: [TOKEN_ORIGIN], max_scans: 0 }],
    ["max_scans over 10", { origins: [TOKEN_ORIGIN], max_scans: 11 }],
    ["an unknown field", { origins: [TOKEN_ORIGIN], scopes: ["all"] }],
  ])("400 INVALID_REQUEST for %s, and no token", async (_what, body) => {
    const { live } = await createDeveloperWithKeys();
    await expectError(await mintClientToken({ key: live.key, ip: uniqueIp() }, body), 400, "INVALID_REQUEST");
    expect(await db.clientToken.count({ where: { apiKeyId: live.id } })).toBe(0);
  });

  it("403 FORBIDDEN when a client token tries to mint, even from its own origin", async () => {
    const { live } = await createDeveloperWithKeys();
    const token = await mintedToken(live.key, { max_scans: 3 });
    const { message } = await expectError(
      await mintClientToken(
        { key: token, ip: uniqueIp(), headers: { origin: TOKEN_ORIGIN } },
        { origins: [TOKEN_ORIGIN] },
      ),
      403,
      "FORBIDDEN",
    );
    expect(message).toMatch(/cannot mint/);
    expect(await db.clientToken.count({ where: { apiKeyId: live.id } })).toBe(1);
  });

  it("checks the key like every SDK endpoint: missing, revoked, suspended account", async () => {
    const { live } = await createDeveloperWithKeys();
    await db.apiKey.update({ where: { id: live.id }, data: { revokedAt: new Date() } });
    const suspended = await createDeveloperWithKeys({ status: "suspended" });
    const body = { origins: [TOKEN_ORIGIN] };
    await expectError(await mintClientToken({ ip: uniqueIp() }, body), 401, "API_KEY_INVALID");
    await expectError(await mintClientToken({ key: live.key, ip: uniqueIp() }, body), 401, "API_KEY_REVOKED");
    await expectError(
      await mintClientToken({ key: suspended.live.key, ip: uniqueIp() }, body),
      403,
      "DEVELOPER_SUSPENDED",
    );
    expect(await db.clientToken.count({ where: { apiKeyId: { in: [live.id, suspended.live.id] } } })).toBe(0);
  });

  it("counts toward the hourly limit", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    await mintedToken(live.key);
    expect(await hourlyRequestCount(developer.id)).toBe(1);
  });
});
