import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnv } from "@/lib/env";
import { setSdkClock } from "@/lib/http/with-api-key";
import { sweep } from "@/lib/sessions/sweep";
import { dumpDatabase } from "@/test/dump-database";
import { createDeveloperWithKeys } from "@/test/fixtures";
import { pollResult, startSession, uploadComplete, uploadTensor } from "@/test/sdk-client";
import { syntheticTensor } from "@/test/tensors";
import { runOnOwnDatabase } from "@/test/own-database";

// A database of its own: a sweep at a clock past the results' TTL deletes every expired session
// and client token, those of the test files running beside this one too.
runOnOwnDatabase("vitals_sweeps");

afterEach(() => {
  setSdkClock(() => new Date());
  delete process.env.PERSIST_VITALS;
  resetEnv();
});

const VITALS = ["heart_rate", "respiratory_rate", "hrv", "spo2", "blood_pressure"] as const;

async function scanned(key: string, tensor: Uint8Array, query?: string) {
  const session = await (await startSession({ key })).json();
  await uploadTensor(session.upload_url, tensor);
  const res = await uploadComplete({ key, query }, { session_id: session.session_id });
  return { session, res, body: await res.json() };
}

type Wave = { sample_rate_hz: number; values: number[]; confidence: number[] };
function expectWaveform(w: Wave, samples: number) {
  expect(w.sample_rate_hz).toBe(30);
  expect(w.values).toHaveLength(samples);
  expect(w.confidence).toHaveLength(samples);
  for (const c of w.confidence) expect(c >= 0 && c <= 1).toBe(true);
  expect(Math.max(...w.values) - Math.min(...w.values)).toBeGreaterThan(1); // a signal, not a flat line
}

describe("per-vital quality", () => {
  it("gives each vital a confidence no higher than the overall one, the heart rate's equal to it", async () => {
    const { live } = await createDeveloperWithKeys();
    const { body } = await scanned(live.key, syntheticTensor({ heartRate: 70 }).tensor);
    const v = body.vitals;
    expect(v.quality.heart_rate.confidence).toBe(v.confidence);
    for (const k of VITALS) {
      expect(v.quality[k].confidence).toBeGreaterThan(0);
      expect(v.quality[k].confidence).toBeLessThanOrEqual(v.confidence);
    }
    // SpO2 and blood pressure are estimates: never above "low" (docs/api.md).
    expect(v.quality.spo2.confidence).toBeLessThan(0.4);
    expect(v.quality.blood_pressure.confidence).toBeLessThan(0.4);
    expect(Array.isArray(v.quality.reasons)).toBe(true);
    expect(body).not.toHaveProperty("waveforms");
  });

  it("a fallback result claims no confidence for any vital, and has no waveform", async () => {
    const { live } = await createDeveloperWithKeys();
    const { body } = await scanned(live.key, new Uint8Array(5000).fill(3), "include=waveform");
    for (const k of VITALS) expect(body.vitals.quality[k].confidence).toBe(0);
    expect(body.waveforms).toBeNull();
  });
});

describe("waveforms (?include=waveform)", () => {
  it("returns the pulse and breathing waveforms and, with persistence off, keeps nothing of them", async () => {
    const { live } = await createDeveloperWithKeys();
    const { session, res, body } = await scanned(
      live.key,
      syntheticTensor({ heartRate: 80 }).tensor,
      "include=waveform",
    );
    expect(res.status).toBe(200);
    expectWaveform(body.waveforms.pulse, 300);
    expectWaveform(body.waveforms.breathing, 300);
    expect(await db.session.count({ where: { id: session.session_id } })).toBe(0);
    const dump = await dumpDatabase();
    expect(dump).not.toContain(session.session_id);
    expect(dump).not.toContain(JSON.stringify(body.waveforms.pulse.values.slice(0, 8)).slice(1, -1));
  });

  it("refuses an unknown include value with the flat error body", async () => {
    const { live } = await createDeveloperWithKeys();
    const { res, body } = await scanned(live.key, syntheticTensor().tensor, "include=video");
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ error: "INVALID_REQUEST", retryable: false });
  });

  it("refuses empty and padded include items too", async () => {
    const { live } = await createDeveloperWithKeys();
    for (const query of ["include=", "include", "include=waveform,", "include=,waveform", "include=waveform%20"]) {
      const { res, body } = await scanned(live.key, syntheticTensor().tensor, query);
      expect(res.status, query).toBe(400);
      expect(body.error, query).toBe("INVALID_REQUEST");
    }
  });

  describe("persistence on", () => {
    beforeEach(() => {
      process.env.PERSIST_VITALS = "true";
      resetEnv();
    });

    it("stores them with the result only when asked for, serves them on request, and deletes them with the result", async () => {
      const { live } = await createDeveloperWithKeys();
      const { session, body } = await scanned(live.key, syntheticTensor({ heartRate: 66 }).tensor, "include=waveform");
      const id = session.session_id;
      const polled = await (await pollResult({ key: live.key, query: "include=waveform" }, id)).json();
      expect(polled.waveforms).toEqual(body.waveforms);
      expect(await (await pollResult({ key: live.key }, id)).json()).not.toHaveProperty("waveforms");
      const again = await (
        await uploadComplete({ key: live.key, query: "include=waveform" }, { session_id: id })
      ).json();
      expect(again.waveforms).toEqual(body.waveforms);

      const afterTtl = new Date(polled.completed_at * 1000 + 901_000);
      setSdkClock(() => afterTtl);
      expect((await pollResult({ key: live.key, query: "include=waveform" }, id)).status).toBe(404);
      await sweep(afterTtl);
      expect(await db.result.count({ where: { sessionId: id } })).toBe(0);
      expect(await dumpDatabase()).not.toContain(JSON.stringify(body.waveforms.pulse.values.slice(0, 8)).slice(1, -1));
    });

    it("keeps no waveform when upload-complete did not ask, so a later request gets null", async () => {
      const { live } = await createDeveloperWithKeys();
      const { session, body } = await scanned(live.key, syntheticTensor({ heartRate: 90 }).tensor);
      expect(body).not.toHaveProperty("waveforms");
      const row = await db.result.findUnique({ where: { sessionId: session.session_id } });
      expect(row?.waveforms).toBeNull();
      expect(
        (await (await pollResult({ key: live.key, query: "include=waveform" }, session.session_id)).json()).waveforms,
      ).toBeNull();
    });
  });
});
