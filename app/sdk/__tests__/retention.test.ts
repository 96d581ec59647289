import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { env, resetEnv } from "@/lib/env";
import { setSdkClock } from "@/lib/http/with-api-key";
import { setLogSink } from "@/lib/logger";
import { sweep } from "@/lib/sessions/sweep";
import { tensorExists } from "@/lib/storage/local-storage";
import { dumpRows } from "@/test/dump-database";
import { createDeveloperWithKeys } from "@/test/fixtures";
import { pollResult, startSession, uploadComplete, uploadTensor } from "@/test/sdk-client";
import { syntheticTensor } from "@/test/tensors";
import { runOnOwnDatabase } from "@/test/own-database";

// A database of its own: a sweep at a clock past the results' TTL deletes every expired session
// and client token, those of the test files running beside this one too.
runOnOwnDatabase("vitals_sweeps");

let logs: string[] = [];
let restoreSink: ReturnType<typeof setLogSink>;
beforeEach(() => {
  logs = [];
  restoreSink = setLogSink((l) => logs.push(l));
});
afterEach(() => {
  setLogSink(restoreSink);
  setSdkClock(() => new Date());
  delete process.env.PERSIST_VITALS;
  resetEnv();
});

async function storageContents(): Promise<string> {
  const dir = env().storageDir;
  const names = await readdir(dir).catch(() => [] as string[]);
  const contents = await Promise.all(
    names.map((n) =>
      readFile(path.join(dir, n)).then(
        (b) => b.toString("latin1"),
        () => "",
      ),
    ),
  );
  return names.join("\n") + contents.join("\n");
}

/** Traces of one scan's vitals as they would be serialised. */
function vitalTraces(vitals: Record<string, unknown>): string[] {
  return Object.entries(vitals)
    .filter(([k, v]) => k !== "confidence" && typeof v === "number")
    .map(([k, v]) => `"${k}":${v}`);
}

/**
 * No trace of the scan: its id nowhere, its vitals in no log line or stored file, and no
 * database row holding two or more of them. Other test files share the database, and one of
 * their results may hold a single equal value (an hrv of 41) by chance; two at once would not.
 */
async function expectNoTrace(sessionId: string, vitals: Record<string, unknown>) {
  const { rows, elsewhere } = await expectNoSessionId(sessionId);
  const traces = vitalTraces(vitals);
  expect(traces.length).toBeGreaterThanOrEqual(5);
  for (const t of traces) expect(elsewhere).not.toContain(t);
  for (const row of rows) expect(traces.filter((t) => row.includes(t)).length, row.slice(0, 200)).toBeLessThan(2);
}

/** The scan's id in no row, stored file or log line; returns what was searched. */
async function expectNoSessionId(sessionId: string) {
  const rows = await dumpRows();
  const elsewhere = [await storageContents(), logs.join("\n")].join("\n");
  expect(rows.join("\n")).not.toContain(sessionId);
  expect(elsewhere).not.toContain(sessionId);
  return { rows, elsewhere };
}

describe("persistence off (default)", () => {
  it("keeps nothing of the scan after upload-complete: no row, no tensor, no log line", async () => {
    const { live } = await createDeveloperWithKeys();
    const session = await (await startSession({ key: live.key }, { demographics: { age: 44, sex: "F" } })).json();
    await uploadTensor(session.upload_url, syntheticTensor({ heartRate: 81 }).tensor);
    const res = await uploadComplete({ key: live.key }, { session_id: session.session_id });
    const { vitals } = await res.json();
    expect(vitals.confidence).toBeGreaterThan(0);
    await expectNoTrace(session.session_id, vitals);
    expect(await tensorExists(session.session_id)).toBe(false);
    // Usage counters stay: they hold counts, nothing per scan.
    expect(await db.usageMonth.count({ where: { developerId: live.developerId } })).toBe(1);
  });

  it("keeps nothing when inference fails (fallback) either", async () => {
    const { live } = await createDeveloperWithKeys();
    const session = await (await startSession({ key: live.key })).json();
    await uploadTensor(session.upload_url, new Uint8Array(999).fill(1));
    const { vitals } = await (await uploadComplete({ key: live.key }, { session_id: session.session_id })).json();
    expect(vitals.confidence).toBe(0);
    // Fallback values are drawn from narrow fixed ranges, not measured (docs/api.md), so other
    // files' persisted fallback results often hold the same pair; what must be gone is the scan.
    await expectNoSessionId(session.session_id);
    expect(await db.session.findUnique({ where: { id: session.session_id } })).toBeNull();
  });

  // A heart rate no other file scans at: results they persist hold the same derived values
  // (blood pressure follows the rate), which would look like this scan's traces.
  it("keeps nothing when the client aborts mid-request", async () => {
    const { live } = await createDeveloperWithKeys();
    const session = await (await startSession({ key: live.key })).json();
    await uploadTensor(session.upload_url, syntheticTensor({ heartRate: 97, frameCount: 600 }).tensor);
    const controller = new AbortController();
    const pending = uploadComplete({ key: live.key, signal: controller.signal }, { session_id: session.session_id });
    setTimeout(() => controller.abort(), 5);
    const res = await pending;
    const vitals = res.status === 200 ? (await res.json()).vitals : {};
    expect(await db.session.findUnique({ where: { id: session.session_id } })).toBeNull();
    await expectNoTrace(session.session_id, vitals);
  });

  it("polling answers 404 before and after upload-complete", async () => {
    const { test } = await createDeveloperWithKeys();
    const session = await (await startSession({ key: test.key })).json();
    expect((await pollResult({ key: test.key }, session.session_id)).status).toBe(404);
    await uploadTensor(session.upload_url, new Uint8Array(8));
    await uploadComplete({ key: test.key }, { session_id: session.session_id });
    expect((await pollResult({ key: test.key }, session.session_id)).status).toBe(404);
  });

  it("polling answers processing while the upload-complete call runs", async () => {
    const { live } = await createDeveloperWithKeys();
    const session = await (await startSession({ key: live.key })).json();
    await uploadTensor(session.upload_url, syntheticTensor({ frameCount: 900 }).tensor);
    const running = uploadComplete({ key: live.key }, { session_id: session.session_id });
    const seen = await vi.waitFor(
      async () => {
        const res = await pollResult({ key: live.key }, session.session_id);
        expect(res.status).toBe(200);
        return res.json();
      },
      { timeout: 5000, interval: 2 },
    );
    expect(seen).toEqual({ session_id: session.session_id, status: "processing" });
    expect((await running).status).toBe(200);
  });
});

describe("persistence on", () => {
  beforeEach(() => {
    process.env.PERSIST_VITALS = "true";
    resetEnv();
  });

  it("serves the result by polling until its TTL, refuses it after even with the sweeper stopped, then the sweeper deletes it", async () => {
    const { test } = await createDeveloperWithKeys();
    const t0 = new Date();
    setSdkClock(() => t0);
    const session = await (await startSession({ key: test.key })).json();
    expect(await (await pollResult({ key: test.key }, session.session_id)).json()).toEqual({
      session_id: session.session_id,
      status: "created",
    });
    await uploadTensor(session.upload_url, new Uint8Array(8));
    expect(await (await pollResult({ key: test.key }, session.session_id, "path")).json()).toEqual({
      session_id: session.session_id,
      status: "uploading",
    });
    const completed = await (await uploadComplete({ key: test.key }, { session_id: session.session_id })).json();
    expect(await tensorExists(session.session_id)).toBe(false);

    const polled = await (await pollResult({ key: test.key }, session.session_id)).json();
    expect(polled).toMatchObject({ session_id: session.session_id, status: "completed", vitals: completed.vitals });
    expect(Math.abs(polled.completed_at - Date.now() / 1000)).toBeLessThan(5);
    // A second upload-complete returns the cached result and uses nothing.
    const again = await uploadComplete({ key: test.key }, { session_id: session.session_id });
    expect(again.status).toBe(200);
    expect((await again.json()).vitals).toEqual(completed.vitals);

    const afterTtl = new Date(polled.completed_at * 1000 + 901_000);
    setSdkClock(() => afterTtl);
    const refused = await pollResult({ key: test.key }, session.session_id);
    expect(refused.status).toBe(404);
    expect(await db.result.count({ where: { sessionId: session.session_id } })).toBe(1);

    await sweep(afterTtl);
    expect(await db.result.count({ where: { sessionId: session.session_id } })).toBe(0);
    expect(await db.session.count({ where: { id: session.session_id } })).toBe(0);
  });

  it("the sweeper deletes the answers kept for an Idempotency-Key after 24 h, and only those", async () => {
    const { live } = await createDeveloperWithKeys();
    const call = (key: string) => ({ key: live.key, headers: { "idempotency-key": key } });
    await startSession(call("old"));
    await startSession(call("fresh"));
    const now = new Date();
    await db.idempotentRequest.updateMany({
      where: { key: "old" },
      data: { createdAt: new Date(now.getTime() - 24 * 3600 * 1000 - 1000) },
    });
    await sweep(now);
    expect(
      (await db.idempotentRequest.findMany({ where: { key: { in: ["old", "fresh"] } } })).map((r) => r.key),
    ).toEqual(["fresh"]);
  });
});
