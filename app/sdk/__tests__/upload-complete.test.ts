import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { setSdkClock } from "@/lib/http/with-api-key";
import { tensorExists } from "@/lib/storage/local-storage";
import { SANDBOX_VITALS } from "@/lib/sessions/fallback";
import { createApiKey, createDeveloperWithKeys, fillRateWindow, setScansThisMonth } from "@/test/fixtures";
import { fullScan, pollResult, startSession, uploadComplete, uploadTensor } from "@/test/sdk-client";
import { syntheticTensor } from "@/test/tensors";
import { uniqueIp } from "@/test/ip";

afterEach(() => setSdkClock(() => new Date()));

const VITAL_FIELDS = [
  "heart_rate",
  "respiratory_rate",
  "hrv",
  "spo2",
  "systolic_bp",
  "diastolic_bp",
  "confidence",
  "quality",
];

async function uploaded(key: string, tensor: Uint8Array = new Uint8Array(64)) {
  const session = await (await startSession({ key })).json();
  expect((await uploadTensor(session.upload_url, tensor)).status).toBe(200);
  return session;
}

async function errorOf(res: Response) {
  return { status: res.status, error: (await res.json()).error };
}

describe("POST /sdk/session/upload-complete", () => {
  it("runs real inference on a valid live tensor: completed, vitals, processing_time_ms", async () => {
    const { live } = await createDeveloperWithKeys();
    const { tensor, truth } = syntheticTensor({ heartRate: 78 });
    const { completed, session } = await fullScan({ key: live.key }, tensor);
    expect(completed.status).toBe(200);
    const body = await completed.json();
    expect(body.session_id).toBe(session.session_id);
    expect(body.status).toBe("completed");
    expect(Object.keys(body.vitals).sort()).toEqual([...VITAL_FIELDS].sort());
    expect(body.vitals.confidence).toBeGreaterThanOrEqual(0.1);
    expect(Math.abs(body.vitals.heart_rate - truth.heartRate)).toBeLessThan(3);
    expect(body.processing_time_ms).toBeGreaterThanOrEqual(0);
    expect(body).not.toHaveProperty("completed_at");
  });

  it("answers fallback vitals inside the session's own ranges, confidence 0.0, for a garbage live tensor", async () => {
    const { live } = await createDeveloperWithKeys();
    const { completed, session } = await fullScan({ key: live.key }, new Uint8Array(5000).fill(3));
    expect(completed.status).toBe(200);
    const body = await completed.json();
    expect(body.status).toBe("completed");
    expect(body).not.toHaveProperty("processing_time_ms");
    const v = body.vitals;
    const c = session.fallback_config;
    expect(v.confidence).toBe(0);
    for (const f of ["heart_rate", "hrv", "respiratory_rate", "spo2", "systolic_bp"] as const) {
      expect(v[f]).toBeGreaterThanOrEqual(c[f].min);
      expect(v[f]).toBeLessThanOrEqual(c[f].max);
    }
    const offset = Math.round((v.systolic_bp - v.diastolic_bp) * 10) / 10;
    expect(offset).toBeGreaterThanOrEqual(c.diastolic_bp_offset.min - 0.1);
    expect(offset).toBeLessThanOrEqual(c.diastolic_bp_offset.max + 0.1);
  });

  it("answers the fixed sandbox vitals for a test key, ignoring the tensor", async () => {
    const { test } = await createDeveloperWithKeys();
    const body = await (await fullScan({ key: test.key }, new Uint8Array(7).fill(9))).completed.json();
    expect(body.vitals).toEqual(SANDBOX_VITALS);
    expect(body.processing_time_ms).toBeGreaterThanOrEqual(0);
  });

  it("serves the path form with the same body, and 400 when the path and body ids differ", async () => {
    const { test } = await createDeveloperWithKeys();
    const a = await uploaded(test.key);
    const res = await uploadComplete({ key: test.key }, { session_id: a.session_id }, a.session_id);
    expect(res.status).toBe(200);
    const b = await uploaded(test.key);
    expect(await errorOf(await uploadComplete({ key: test.key }, { session_id: b.session_id }, randomUUID()))).toEqual({
      status: 400,
      error: "INVALID_REQUEST",
    });
  });

  it.each([
    ["{}"],
    ['{"session_id": 12}'],
    ['{"session_id": ""}'],
    ["nope"],
    [""],
    ['{"session_id": "00000000-0000-4000-8000-000000000000", "include": "waveform"}'],
  ])("400 INVALID_REQUEST for body %j", async (body) => {
    const { test } = await createDeveloperWithKeys();
    expect(await errorOf(await uploadComplete({ key: test.key }, body))).toEqual({
      status: 400,
      error: "INVALID_REQUEST",
    });
  });

  it.each([
    ["{}", "session_id is required"],
    ['{"session_id": 123}', "session_id must be a string (a session's UUID)"],
    ['{"session_id": null}', "session_id must be a string (a session's UUID)"],
  ])("says what is wrong with session_id in %s", async (body, message) => {
    const { test } = await createDeveloperWithKeys();
    const res = await uploadComplete({ key: test.key }, body);
    expect(await res.json()).toEqual({
      error: "INVALID_REQUEST",
      message: `Invalid request: session_id: ${message}`,
      retryable: false,
    });
  });

  it("takes the session id in either case, path and body alike, and answers it in lower case", async () => {
    const { test } = await createDeveloperWithKeys();
    const a = await uploaded(test.key);
    const upper = a.session_id.toUpperCase();
    const res = await uploadComplete({ key: test.key }, { session_id: upper }, a.session_id);
    expect(res.status).toBe(200);
    expect((await res.json()).session_id).toBe(a.session_id);
  });

  it("names a misspelt field even when session_id is missing too", async () => {
    const { test } = await createDeveloperWithKeys();
    const res = await uploadComplete({ key: test.key }, '{"sessionId": "00000000-0000-4000-8000-000000000000"}');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/unrecognized key.*sessionId/i);
  });

  it("404 SESSION_NOT_FOUND for an unknown id and for a malformed one", async () => {
    const { test } = await createDeveloperWithKeys();
    expect(await errorOf(await uploadComplete({ key: test.key }, { session_id: randomUUID() }))).toEqual({
      status: 404,
      error: "SESSION_NOT_FOUND",
    });
    expect(await errorOf(await uploadComplete({ key: test.key }, { session_id: "'; DROP TABLE x; --" }))).toEqual({
      status: 404,
      error: "SESSION_NOT_FOUND",
    });
  });

  it("404 for an expired session (message says so) and deletes its tensor", async () => {
    const { test } = await createDeveloperWithKeys();
    const s = await uploaded(test.key);
    setSdkClock(() => new Date(Date.now() + 16 * 60 * 1000));
    const res = await uploadComplete({ key: test.key }, { session_id: s.session_id });
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body.error).toBe("SESSION_NOT_FOUND");
    expect(body.message).toMatch(/expired/i);
    expect(await tensorExists(s.session_id)).toBe(false);
  });

  it("403 FORBIDDEN for another developer's session; 404 across environments", async () => {
    const owner = await createDeveloperWithKeys();
    const other = await createDeveloperWithKeys();
    const s = await uploaded(owner.test.key);
    expect(await errorOf(await uploadComplete({ key: other.test.key }, { session_id: s.session_id }))).toEqual({
      status: 403,
      error: "FORBIDDEN",
    });
    expect(await errorOf(await uploadComplete({ key: owner.live.key }, { session_id: s.session_id }))).toEqual({
      status: 404,
      error: "SESSION_NOT_FOUND",
    });
    const secondTestKey = await createApiKey(owner.developer.id, "test");
    expect((await uploadComplete({ key: secondTestKey.key }, { session_id: s.session_id })).status).toBe(200);
  });

  it("400 INVALID_REQUEST when no complete tensor was uploaded, in the sandbox too", async () => {
    const { test } = await createDeveloperWithKeys();
    const s = await (await startSession({ key: test.key })).json();
    const res = await uploadComplete({ key: test.key }, { session_id: s.session_id });
    expect(await errorOf(res)).toEqual({ status: 400, error: "INVALID_REQUEST" });
  });

  it("claims a session once: of two concurrent calls one completes and the other gets 400", async () => {
    // A live scan with real inference, so the first call is still running when the second
    // arrives (a sandbox scan can finish and delete the session first: that second call is a 404).
    const { live } = await createDeveloperWithKeys();
    const s = await uploaded(live.key, syntheticTensor({ frameCount: 900 }).tensor);
    const [a, b] = await Promise.all([0, 1].map(() => uploadComplete({ key: live.key }, { session_id: s.session_id })));
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const loser = a.status === 400 ? a : b;
    expect((await loser.json()).error).toBe("INVALID_REQUEST");
  });

  it("a claim whose answer was lost with the database: 503, then the claim is undone so the retry measures the scan", async () => {
    const { test } = await createDeveloperWithKeys();
    const session = await uploaded(test.key);
    const client = db.session;
    // The claim commits, but its answer never arrives (the connection broke after the commit).
    const real = client.updateMany.bind(client);
    type UpdateMany = (args: Parameters<typeof real>[0]) => Promise<unknown>;
    const spy = vi.spyOn(client, "updateMany").mockImplementationOnce((async (args: Parameters<typeof real>[0]) => {
      await real(args);
      throw Object.assign(new Error("Connection terminated unexpectedly"), { code: "ECONNRESET" });
    }) as UpdateMany as never);
    try {
      const lost = await uploadComplete({ key: test.key }, { session_id: session.session_id });
      expect(lost.status).toBe(503);
      expect((await lost.json()).error).toBe("UNAVAILABLE");
    } finally {
      spy.mockRestore();
    }
    expect((await db.session.findUniqueOrThrow({ where: { id: session.session_id } })).status).toBe("processing");
    // Within the 5 s Retry-After the claim is undone, and the retry completes with the tensor kept.
    await vi.waitFor(
      async () =>
        expect((await db.session.findUniqueOrThrow({ where: { id: session.session_id } })).status).toBe("uploading"),
      { timeout: 5000, interval: 100 },
    );
    const retried = await uploadComplete({ key: test.key }, { session_id: session.session_id });
    expect(retried.status).toBe(200);
    expect((await retried.json()).vitals).toEqual(SANDBOX_VITALS);
  });

  it("404 for a second upload-complete with persistence off: the session is gone", async () => {
    const { test } = await createDeveloperWithKeys();
    const s = await uploaded(test.key);
    expect((await uploadComplete({ key: test.key }, { session_id: s.session_id })).status).toBe(200);
    expect(await errorOf(await uploadComplete({ key: test.key }, { session_id: s.session_id }))).toEqual({
      status: 404,
      error: "SESSION_NOT_FOUND",
    });
  });
});

describe("order of checks with several failures at once", () => {
  it("a suspended account asking for a foreign session gets DEVELOPER_SUSPENDED", async () => {
    const owner = await createDeveloperWithKeys();
    const suspended = await createDeveloperWithKeys();
    const s = await uploaded(owner.test.key);
    await db.developer.update({ where: { id: suspended.developer.id }, data: { status: "suspended" } });
    expect(await errorOf(await uploadComplete({ key: suspended.test.key }, { session_id: s.session_id }))).toEqual({
      status: 403,
      error: "DEVELOPER_SUSPENDED",
    });
  });

  it("a rate-limited key asking for an unknown session gets 429", async () => {
    const { developer, test } = await createDeveloperWithKeys();
    await fillRateWindow(
      developer.id,
      Array.from({ length: 300 }, () => new Date()),
    );
    expect(await errorOf(await uploadComplete({ key: test.key }, { session_id: randomUUID() }))).toEqual({
      status: 429,
      error: "RATE_LIMIT_EXCEEDED",
    });
    expect(await errorOf(await pollResult({ key: test.key }, randomUUID()))).toEqual({
      status: 429,
      error: "RATE_LIMIT_EXCEEDED",
    });
  });

  it("a live upload-complete at quota 0 still gets its vitals (the scan was paid at start)", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    const s = await uploaded(live.key, syntheticTensor().tensor);
    await setScansThisMonth(developer.id, 500);
    const res = await uploadComplete({ key: live.key }, { session_id: s.session_id });
    expect(res.status).toBe(200);
    expect((await res.json()).vitals.confidence).toBeGreaterThan(0);
  });

  it("a test key at quota 0 with a garbage tensor gets the sandbox vitals", async () => {
    const { developer, test } = await createDeveloperWithKeys();
    await setScansThisMonth(developer.id, 500);
    const res = await fullScan({ key: test.key, ip: uniqueIp() }, new Uint8Array(33).fill(255));
    expect(res.started.status).toBe(200);
    expect((await res.completed.json()).vitals).toEqual(SANDBOX_VITALS);
  });
});
