import { afterEach, describe, expect, it } from "vitest";
import * as profile from "@/app/developer/profile/route";
import * as history from "@/app/developer/usage/history/route";
import { db } from "@/lib/db";
import { resetEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { issueIdToken } from "@/lib/auth/id-token";
import { setSdkClock } from "@/lib/http/with-api-key";
import { hashClientToken } from "@/lib/keys/client-token-format";
import { mintTryItToken } from "@/lib/try-it/mint-try-it-token";
import { dayOf } from "@/lib/try-it/try-it-day";
import { tryItAllowance, tryItHistory } from "@/lib/try-it/try-it-usage";
import { getUsage } from "@/lib/usage/get-usage";
import { createDeveloper, createDeveloperWithKeys, setScansThisMonth, personalActor } from "@/test/fixtures";
import {
  fullScan,
  mintClientToken,
  pollResult,
  startSession,
  uploadComplete,
  uploadTensor,
  type Call,
} from "@/test/sdk-client";
import { syntheticTensor } from "@/test/tensors";
import { uniqueIp } from "@/test/ip";

// Scans from the portal's Try it page: a token minted for the signed-in developer (no key),
// real inference, no monthly quota, TRY_IT_DAILY_SCANS per UTC day, exact under concurrency.

const APP_ORIGIN = "http://localhost:3000"; // APP_URL of the test settings

afterEach(() => {
  setSdkClock(() => new Date());
  delete process.env.TRY_IT_DAILY_SCANS;
  resetEnv();
});

const fromPortal = (token: string, origin = APP_ORIGIN): Call => ({
  ip: uniqueIp(),
  headers: { authorization: `Bearer ${token}`, origin },
});
const mint = async (developer: Awaited<ReturnType<typeof createDeveloper>>, now?: Date) =>
  (await mintTryItToken(personalActor(developer.id, "10.9.9.9"), now)).token;

async function setTryItToday(developerId: string, scanCount: number, now = new Date()) {
  const day = dayOf(now);
  await db.tryItDay.upsert({
    where: { developerId_day: { developerId, day } },
    create: { developerId, day, scanCount },
    update: { scanCount },
  });
}

async function refusal(res: Response) {
  expect(res.status).toBe(429);
  const body = await res.json();
  expect(body).toEqual({
    error: "TRY_IT_LIMIT_EXCEEDED",
    message: expect.stringMatching(/20 Try it scans of today are used; they renew at 00:00 UTC/),
    retryable: false,
  });
}

describe("a Try it token", () => {
  it("runs a live scan with real inference, outside the monthly quota, counted as a Try it scan", async () => {
    const developer = await createDeveloper();
    await setScansThisMonth(developer.id, 500); // the starter quota is used up: Try it still works
    const minted = await mintTryItToken(personalActor(developer.id, "10.9.9.9"));
    expect(minted.token).toMatch(/^ct_live_[0-9a-f]{64}$/);
    expect(minted.allowance).toEqual({ used: 0, cap: 20, remaining: 20 });
    const row = await db.clientToken.findUniqueOrThrow({ where: { tokenHash: hashClientToken(minted.token) } });
    expect(row).toMatchObject({
      purpose: "try_it",
      apiKeyId: null,
      developerId: developer.id,
      origins: [APP_ORIGIN],
      maxScans: 1,
    });

    const { tensor, truth } = syntheticTensor({ heartRate: 84 });
    const started = await startSession(fromPortal(minted.token));
    expect(started.status).toBe(200);
    expect(started.headers.get("x-usage-current")).toBe("500");
    const session = await started.json();
    expect(await db.session.findUniqueOrThrow({ where: { id: session.session_id } })).toMatchObject({
      apiKeyId: null,
      environment: "live",
      tryIt: true,
    });
    expect((await uploadTensor(session.upload_url, tensor)).status).toBe(200);
    const completed = await uploadComplete(fromPortal(minted.token), { session_id: session.session_id });
    expect(completed.status).toBe(200);
    const { vitals } = await completed.json();
    expect(vitals.confidence).toBeGreaterThanOrEqual(0.1); // not the sandbox's fixed set, not fallback
    expect(Math.abs(vitals.heart_rate - truth.heartRate)).toBeLessThan(3);

    expect((await getUsage(developer)).current_month.scan_count).toBe(500);
    expect(await tryItAllowance(developer.id)).toEqual({ used: 1, cap: 20, remaining: 19 });
    const month = new Date().toISOString().slice(0, 7);
    expect((await tryItHistory(developer.id))[0]).toEqual({ month, scan_count: 1 });
    expect(await db.auditLog.count({ where: { actorId: developer.id, action: "try_it.token_mint" } })).toBe(1);
  });

  it("is counted per month in its own series, never in the live scans of the usage history", async () => {
    const developer = await createDeveloper();
    const now = new Date();
    const day = (monthsBack: number, d: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, d));
    for (const [at, n] of [
      [day(0, 1), 3],
      [day(0, 2), 4],
      [day(2, 15), 5],
      [day(7, 3), 9],
    ] as const)
      await setTryItToday(developer.id, n, at);
    const series = await tryItHistory(developer.id, now);
    expect(series.map((m) => m.scan_count)).toEqual([7, 0, 5, 0, 0, 0]); // 7 months back is outside the six
    expect(series[0].month).toBe(now.toISOString().slice(0, 7));
    const { developer: withKeys, live } = await createDeveloperWithKeys();
    await fullScan({ key: live.key });
    expect((await startSession(fromPortal(await mint(withKeys)))).status).toBe(200);
    const { id_token } = await issueIdToken(withKeys);
    const res = await history.GET(
      new Request("http://localhost:3000/developer/usage/history", {
        headers: { authorization: `Bearer ${id_token}` },
      }),
    );
    expect((await res.json()).history[0]).toEqual({ month: now.toISOString().slice(0, 7), scan_count: 1 });
    expect((await tryItHistory(withKeys.id))[0].scan_count).toBe(1);
  });

  it("allows exactly 20 scans a UTC day: the 21st is refused at minting and at start, and the next day allows again", async () => {
    const developer = await createDeveloper();
    const now = new Date();
    setSdkClock(() => now);
    await setTryItToday(developer.id, 18, now);
    const spare = await mint(developer, now); // minted with scans left, used once they are gone
    for (let i = 0; i < 2; i++) expect((await startSession(fromPortal(await mint(developer, now)))).status).toBe(200);
    await refusal(await startSession(fromPortal(spare)));
    expect((await db.clientToken.findUniqueOrThrow({ where: { tokenHash: hashClientToken(spare) } })).scansUsed).toBe(
      0,
    );
    const refused = await mintTryItToken(personalActor(developer.id, "10.9.9.9"), now).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).body()).toMatchObject({ error: "TRY_IT_LIMIT_EXCEEDED", retryable: false });
    expect(await tryItAllowance(developer.id, now)).toEqual({ used: 20, cap: 20, remaining: 0 });
    expect(await db.session.count({ where: { developerId: developer.id } })).toBe(2);

    const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 0, 1));
    setSdkClock(() => tomorrow);
    expect((await startSession(fromPortal(await mint(developer, tomorrow)))).status).toBe(200);
    expect(await tryItAllowance(developer.id, tomorrow)).toEqual({ used: 1, cap: 20, remaining: 19 });
  });

  it("is exact under concurrency: 12 simultaneous starts with 5 scans left start exactly 5 sessions", async () => {
    const developer = await createDeveloper();
    await setTryItToday(developer.id, 15);
    const tokens = await Promise.all(Array.from({ length: 12 }, () => mint(developer)));
    const answers = await Promise.all(tokens.map((t) => startSession(fromPortal(t))));
    const codes = await Promise.all(
      answers.map(async (r) => (r.status === 200 ? "200" : `${r.status} ${(await r.json()).error}`)),
    );
    expect(codes.filter((c) => c === "200")).toHaveLength(5);
    expect(codes.filter((c) => c === "429 TRY_IT_LIMIT_EXCEEDED")).toHaveLength(7);
    expect(await db.session.count({ where: { developerId: developer.id, tryIt: true } })).toBe(5);
    expect((await tryItAllowance(developer.id)).used).toBe(20);
  });

  it("takes its daily cap from TRY_IT_DAILY_SCANS", async () => {
    process.env.TRY_IT_DAILY_SCANS = "2";
    resetEnv();
    const developer = await createDeveloper();
    for (let i = 0; i < 2; i++) expect((await startSession(fromPortal(await mint(developer)))).status).toBe(200);
    await expect(mint(developer)).rejects.toMatchObject({
      code: "TRY_IT_LIMIT_EXCEEDED",
      message: expect.stringMatching(/All 2 Try it scans/),
    });
  });

  it("serves the SDK scan flow only: one scan, this deployment's origin, no minting, no developer API, no other session", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    const token = await mint(developer);
    expect((await startSession(fromPortal(token, "https://elsewhere.example.com"))).status).toBe(403);
    const session = await (await startSession(fromPortal(token))).json();
    expect((await startSession(fromPortal(token))).status).toBe(403); // its one scan is used
    expect((await mintClientToken(fromPortal(token), { origins: [APP_ORIGIN] })).status).toBe(403);
    const asIdToken = await profile.GET(
      new Request("http://localhost:3000/developer/profile", { headers: { authorization: `Bearer ${token}` } }),
    );
    expect(asIdToken.status).toBe(401);
    // A key of the same developer does not see the Try it session, nor the token the key's.
    expect((await pollResult({ ip: uniqueIp(), key: live.key }, session.session_id)).status).toBe(404);
    const keySession = await (await startSession({ ip: uniqueIp(), key: live.key })).json();
    await uploadTensor(keySession.upload_url, new Uint8Array(64));
    expect((await uploadComplete(fromPortal(token), { session_id: keySession.session_id })).status).toBe(404);
  });

  it("is refused to an account that is not active", async () => {
    const pending = await createDeveloper({ status: "pending" });
    await expect(mint(pending)).rejects.toMatchObject({ code: "DEVELOPER_PENDING" });
    const developer = await createDeveloper();
    const token = await mint(developer);
    await db.developer.update({ where: { id: developer.id }, data: { status: "suspended" } });
    expect((await startSession(fromPortal(token))).status).toBe(403);
  });
});
