import { afterEach, describe, expect, it } from "vitest";
import * as profile from "@/app/developer/profile/route";
import * as keys from "@/app/developer/keys/route";
import { db } from "@/lib/db";
import { resetEnv } from "@/lib/env";
import { setSdkClock } from "@/lib/http/with-api-key";
import { flushRequestLog } from "@/lib/request-log/record-request";
import { hashClientToken } from "@/lib/keys/client-token-format";
import { SANDBOX_VITALS } from "@/lib/sessions/fallback";
import { createApiKey, createDeveloper, createDeveloperWithKeys, setScansThisMonth } from "@/test/fixtures";
import {
  mintedToken,
  pollResult,
  startSession,
  TOKEN_ORIGIN,
  uploadComplete,
  uploadTensor,
  type Call,
} from "@/test/sdk-client";
import { expectError } from "@/test/expect-error";
import { uniqueIp } from "@/test/ip";

// A client token on the SDK endpoints: acting for its minting key, from its origins only,
// for its number of scans, until it or its key expires or the key is revoked.

afterEach(() => {
  setSdkClock(() => new Date());
  delete process.env.PERSIST_VITALS;
  resetEnv();
});

/** A request as a browser page at `origin` makes it, the token as Authorization: Bearer. */
const fromPage = (token: string, origin = TOKEN_ORIGIN): Call => ({
  ip: uniqueIp(),
  headers: { authorization: `Bearer ${token}`, origin },
});

const tokenRow = (token: string) => db.clientToken.findUniqueOrThrow({ where: { tokenHash: hashClientToken(token) } });

describe("a client token on the SDK endpoints", () => {
  it("runs start -> upload -> complete and both result forms, as the minting key's developer", async () => {
    process.env.PERSIST_VITALS = "true";
    resetEnv();
    const { developer, test } = await createDeveloperWithKeys();
    const token = await mintedToken(test.key);
    const started = await startSession(fromPage(token));
    expect(started.status).toBe(200);
    expect(started.headers.get("x-ratelimit-remaining")).toBe("298");
    const session = await started.json();
    const row = await db.session.findUniqueOrThrow({ where: { id: session.session_id } });
    expect(row).toMatchObject({ developerId: developer.id, apiKeyId: test.id, environment: "test" });
    expect((await uploadTensor(session.upload_url, new Uint8Array(64))).status).toBe(200);
    const completed = await uploadComplete(fromPage(token), { session_id: session.session_id });
    expect(completed.status).toBe(200);
    expect((await completed.json()).vitals).toEqual(SANDBOX_VITALS);
    for (const form of ["primary", "path"] as const) {
      const polled = await pollResult(fromPage(token), session.session_id, form);
      expect(polled.status).toBe(200);
      expect(await polled.json()).toMatchObject({ status: "completed", vitals: SANDBOX_VITALS });
    }
    // The minting key sees the same session.
    expect((await pollResult({ key: test.key }, session.session_id)).status).toBe(200);
  });

  it("on a live key uses the monthly quota, works as X-API-Key and on the path form of upload-complete", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    await setScansThisMonth(developer.id, 10);
    const token = await mintedToken(live.key);
    const call = { ip: uniqueIp(), key: token, headers: { origin: TOKEN_ORIGIN } };
    const started = await startSession(call);
    expect(started.status).toBe(200);
    expect(started.headers.get("x-usage-current")).toBe("11");
    const session = await started.json();
    await uploadTensor(session.upload_url, new Uint8Array(5000).fill(3));
    const completed = await uploadComplete(call, { session_id: session.session_id }, session.session_id);
    expect(completed.status).toBe(200);
    expect((await completed.json()).status).toBe("completed");
    expect((await tokenRow(token)).scansUsed).toBe(1);
  });

  it("401 API_KEY_EXPIRED once the token's lifetime has passed", async () => {
    const { test } = await createDeveloperWithKeys();
    const now = new Date();
    setSdkClock(() => now);
    const token = await mintedToken(test.key, { ttl_seconds: 60, max_scans: 2 });
    expect((await startSession(fromPage(token))).status).toBe(200);
    setSdkClock(() => new Date(now.getTime() + 60_000));
    expect((await expectError(await startSession(fromPage(token)), 401, "API_KEY_EXPIRED")).message).toMatch(
      /client token has expired/,
    );
  });

  it("403 FORBIDDEN from another origin or without an Origin header, and nothing is started or counted", async () => {
    const { developer, test } = await createDeveloperWithKeys();
    const token = await mintedToken(test.key, { origins: [TOKEN_ORIGIN, "http://localhost:5173"] });
    const evil = await startSession(fromPage(token, "https://evil.example.com"));
    // The account is known: the refusal carries its figures (not counted) and is logged under it.
    const remaining = Number(evil.headers.get("x-ratelimit-remaining"));
    expect(remaining).toBeGreaterThan(0);
    expect(evil.headers.get("x-usage-limit")).not.toBeNull();
    expect((await expectError(evil, 403, "FORBIDDEN")).message).toMatch(/origin/);
    await flushRequestLog();
    expect(await db.requestLog.findFirst({ where: { requestId: evil.headers.get("x-request-id")! } })).toMatchObject({
      developerId: developer.id,
      status: 403,
      errorCode: "FORBIDDEN",
    });
    expect(
      (await expectError(await startSession(fromPage(token, "https://app.example.com:8443")), 403, "FORBIDDEN"))
        .message,
    ).toMatch(/origin/);
    expect((await expectError(await startSession({ ip: uniqueIp(), key: token }), 403, "FORBIDDEN")).message).toMatch(
      /Origin header is missing/,
    );
    expect((await tokenRow(token)).scansUsed).toBe(0);
    expect(await db.session.count({ where: { developerId: developer.id } })).toBe(0);
    const allowed = await startSession(fromPage(token, "http://localhost:5173"));
    expect(allowed.status).toBe(200);
    // None of the three refusals was counted: this start is the first hit since the first one.
    expect(Number(allowed.headers.get("x-ratelimit-remaining"))).toBe(remaining - 1);
  });

  it("takes a same-origin browser request without Origin (Sec-Fetch-Site) as coming from APP_URL", async () => {
    const { test } = await createDeveloperWithKeys();
    const token = await mintedToken(test.key, { origins: ["http://localhost:3000"], max_scans: 2 });
    const sameOrigin = (site: string) =>
      startSession({ ip: uniqueIp(), key: token, headers: { "sec-fetch-site": site } });
    expect((await sameOrigin("same-origin")).status).toBe(200);
    await expectError(await sameOrigin("cross-site"), 403, "FORBIDDEN");
    const elsewhere = await mintedToken(test.key);
    await expectError(
      await startSession({ ip: uniqueIp(), key: elsewhere, headers: { "sec-fetch-site": "same-origin" } }),
      403,
      "FORBIDDEN",
    );
  });

  it("403 FORBIDDEN past its scan count, while its started sessions can still complete", async () => {
    const { test } = await createDeveloperWithKeys();
    const token = await mintedToken(test.key, { max_scans: 2 });
    const first = await (await startSession(fromPage(token))).json();
    expect((await startSession(fromPage(token))).status).toBe(200);
    expect((await expectError(await startSession(fromPage(token)), 403, "FORBIDDEN")).message).toMatch(
      /used all 2 of its scans/,
    );
    await uploadTensor(first.upload_url, new Uint8Array(64));
    expect((await uploadComplete(fromPage(token), { session_id: first.session_id })).status).toBe(200);
  });

  it("is exact under concurrency: 25 simultaneous starts against 10 scans start exactly 10 sessions", async () => {
    const { developer, test } = await createDeveloperWithKeys();
    const token = await mintedToken(test.key, { max_scans: 10 });
    const answers = await Promise.all(Array.from({ length: 25 }, () => startSession(fromPage(token))));
    const codes = await Promise.all(answers.map(async (r) => (r.status === 200 ? "200" : (await r.json()).error)));
    expect(codes.filter((c) => c === "200")).toHaveLength(10);
    expect(codes.filter((c) => c === "FORBIDDEN")).toHaveLength(15);
    expect(await db.session.count({ where: { developerId: developer.id } })).toBe(10);
    expect((await tokenRow(token)).scansUsed).toBe(10);
  });

  it("gives a scan back when the monthly quota refuses the start", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    await setScansThisMonth(developer.id, 498);
    const token = await mintedToken(live.key, { max_scans: 5 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => startSession(fromPage(token))));
    const codes = await Promise.all(answers.map(async (r) => (r.status === 200 ? "200" : (await r.json()).error)));
    expect(codes.sort()).toEqual(["200", "200", "QUOTA_EXCEEDED", "QUOTA_EXCEEDED", "QUOTA_EXCEEDED"]);
    expect((await tokenRow(token)).scansUsed).toBe(2);
  });

  it("dies with its key: API_KEY_REVOKED on the very next request after revocation, API_KEY_EXPIRED after the key's expiry", async () => {
    const { live } = await createDeveloperWithKeys();
    const token = await mintedToken(live.key, { max_scans: 3 });
    expect((await startSession(fromPage(token))).status).toBe(200);
    await db.apiKey.update({ where: { id: live.id }, data: { revokedAt: new Date() } });
    expect((await expectError(await startSession(fromPage(token)), 401, "API_KEY_REVOKED")).message).toMatch(
      /minted this client token was revoked/,
    );

    const dev = await createDeveloper();
    const now = new Date();
    setSdkClock(() => now);
    const expiring = await createApiKey(dev.id, "test", { expiresAt: new Date(now.getTime() + 120_000) });
    const second = await mintedToken(expiring.key, { max_scans: 2 });
    await db.apiKey.update({ where: { id: expiring.id }, data: { expiresAt: new Date(now.getTime() - 1) } });
    await expectError(await startSession(fromPage(second)), 401, "API_KEY_EXPIRED");
  });

  it("403 DEVELOPER_SUSPENDED once the minting developer is suspended", async () => {
    const { developer, test } = await createDeveloperWithKeys();
    const token = await mintedToken(test.key);
    await db.developer.update({ where: { id: developer.id }, data: { status: "suspended" } });
    await expectError(await startSession(fromPage(token)), 403, "DEVELOPER_SUSPENDED");
  });

  it("401 API_KEY_INVALID for unknown and malformed tokens, counted toward the brute-force block", async () => {
    const { test } = await createDeveloperWithKeys();
    const ip = uniqueIp();
    const unknown = `ct_live_${"0".repeat(64)}`;
    for (const bad of [unknown, "ct_live_XYZ", `ct_${"a".repeat(64)}`, `${unknown}0`]) {
      await expectError(
        await startSession({ ip, key: bad, headers: { origin: TOKEN_ORIGIN } }),
        401,
        "API_KEY_INVALID",
      );
    }
    for (let i = 0; i < 6; i++) await startSession({ ip, key: unknown, headers: { origin: TOKEN_ORIGIN } });
    const blocked = await startSession({ ip, key: test.key });
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error).toBe("AUTH_BLOCKED");
  });
});

describe("a client token on the developer API", () => {
  it("is never an ID token: 401 UNAUTHORIZED", async () => {
    const { test } = await createDeveloperWithKeys();
    const token = await mintedToken(test.key);
    const headers = { authorization: `Bearer ${token}`, origin: TOKEN_ORIGIN };
    const got = await profile.GET(new Request("http://localhost:3000/developer/profile", { headers }));
    await expectError(got, 401, "UNAUTHORIZED");
    const created = await keys.POST(
      new Request("http://localhost:3000/developer/keys", {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ name: "x", environment: "live" }),
      }),
    );
    await expectError(created, 401, "UNAUTHORIZED");
  });
});
