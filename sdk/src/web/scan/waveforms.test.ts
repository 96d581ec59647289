import { describe, expect, it } from "vitest";
import { completedResultSchema } from "@/lib/openapi/responses";
import type { Result } from "../../types.js";
import { waveforms } from "../../../test/fake-service.js";
import { describeTrace, MAX_POINTS, readWaveforms, waveformsCaption } from "./waveforms.js";

const vitals = {
  heart_rate: 72,
  respiratory_rate: 15,
  hrv: 40,
  spo2: 97,
  systolic_bp: 118,
  diastolic_bp: 76,
  confidence: 0.86,
};

/** An upload-complete answer with `?include=waveform`, held to the API's own schema. */
function answer(w: unknown): Result {
  const body = { session_id: "9b2f0c4e-1d2a-4f7e-8a51-6c3b0d9e2f10", status: "completed", vitals, waveforms: w };
  return completedResultSchema.parse(body) as Result;
}

describe("readWaveforms", () => {
  it("reads the service's pulse and breathing waveforms: seconds from the sample rate, gaps where the confidence is 0", () => {
    const [pulse, breathing, ...more] = readWaveforms(answer(waveforms(20, 30)));
    expect(more).toEqual([]);
    expect(pulse).toMatchObject({ kind: "pulse", sampleRateHz: 30, seconds: 20 });
    expect(breathing).toMatchObject({ kind: "breathing", sampleRateHz: 30, seconds: 20 });
    expect(pulse!.points).toHaveLength(600);
    expect(pulse!.points[30]).toEqual({ t: 1, v: waveforms().pulse.values[30] });
    // 8-9 s of the pulse and 7.5-9.5 s of breathing have no confidence (a movement event).
    expect(pulse!.points[255]).toEqual({ t: 8.5, v: null });
    expect(pulse!.gapSeconds).toBeCloseTo(1, 6);
    expect(breathing!.gapSeconds).toBeCloseTo(2, 6);
    expect(breathing!.points.filter((p) => p.v === null)).toHaveLength(60);
  });

  it("reads none when the answer has no waveforms: not asked for, or null (fallback and sandbox results)", () => {
    expect(readWaveforms(answer(undefined))).toEqual([]);
    expect(readWaveforms(answer(null))).toEqual([]);
    expect(readWaveforms(null)).toEqual([]);
  });

  it("thins a long scan to at most MAX_POINTS points over the same seconds", () => {
    const [pulse] = readWaveforms(answer(waveforms(120, 60)));
    expect(pulse!.points.length).toBeLessThanOrEqual(MAX_POINTS);
    expect(pulse!.seconds).toBe(120);
    expect(pulse!.points.at(-1)!.t).toBeGreaterThan(119);
  });

  it("leaves out a waveform it cannot draw, and one with no confidence anywhere", () => {
    const w = waveforms(10, 30);
    const broken = (pulse: unknown) => readWaveforms({ waveforms: { ...w, pulse } as Result["waveforms"] });
    expect(broken({ ...w.pulse, sample_rate_hz: 0 }).map((t) => t.kind)).toEqual(["breathing"]);
    expect(broken({ ...w.pulse, values: [1] }).map((t) => t.kind)).toEqual(["breathing"]);
    expect(broken({ ...w.pulse, values: w.pulse.values.map((v, i) => (i ? v : Number.NaN)) })).toHaveLength(1);
    expect(broken({ ...w.pulse, confidence: w.pulse.confidence.map(() => 0) })).toHaveLength(1);
    // A confidence list that does not match the samples: every sample is drawn.
    expect(broken({ ...w.pulse, confidence: [] })[0]).toMatchObject({ kind: "pulse", gapSeconds: 0 });
  });
});

describe("what the charts say", () => {
  it("names each waveform with its duration and rate, and the gaps it left out", () => {
    const [pulse, breathing] = readWaveforms(answer(waveforms(20, 30)));
    expect(describeTrace(pulse!)).toBe(
      "Pulse waveform from the service over 20 s (30 samples a second), with 1 s left out for movement or lighting",
    );
    expect(describeTrace({ ...breathing!, gapSeconds: 0, seconds: 19.47 })).toBe(
      "Breathing waveform from the service over 19.5 s (30 samples a second)",
    );
    expect(waveformsCaption([pulse!, breathing!])).toBe(
      "The pulse and breathing waveforms the service measured over 20 s, in relative units; gaps are moments of movement or changing light it left out.",
    );
  });
});
