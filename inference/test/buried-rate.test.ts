import { describe, expect, it } from "vitest";
import { analyzeBuffer, encodeTensor, synthesizeFrames } from "../src/index.js";
import { lineAboveBuriedRate } from "../src/vitals/rate-choice.js";

const freqs = Float64Array.from({ length: 291 }, (_, k) => 0.6 + 0.01 * k);
const bump = (f: number, at: number, width: number, height: number) =>
  height * Math.exp(-0.5 * ((f - at) / width) ** 2);

/** Shared power: a broad bump at 68 bpm, a floor, and a narrow line where asked. */
function spectrum(line: { at: number; height: number }): Float64Array {
  return freqs.map((f) => 0.08 + bump(f, 1.13, 0.2, 1) + bump(f, line.at, 0.02, line.height));
}
const f0 = 1.13;

describe("a slow rate buried in shared power", () => {
  it("yields to a line above it nearly as strong", () => {
    const found = lineAboveBuriedRate(freqs, spectrum({ at: 2.63, height: 0.9 }), f0);
    expect(found && Math.abs(found.freq - 2.63)).toBeLessThan(0.02);
  });

  it("stays when the line above is its harmonic or weaker than 0.8 of it, and above 72 bpm", () => {
    expect(lineAboveBuriedRate(freqs, spectrum({ at: 2 * f0, height: 0.9 }), f0)).toBeUndefined();
    expect(lineAboveBuriedRate(freqs, spectrum({ at: 2.63, height: 0.6 }), f0)).toBeUndefined();
    expect(lineAboveBuriedRate(freqs, spectrum({ at: 2.63, height: 0.9 }), 1.25)).toBeUndefined();
  });
});

// Held-out draws of the synthetic set (docs/history/benchmarks-diary.md, "Breathing around
// movements and a slow rate with a rival"): Fitzpatrick 6, heavy noise, three movements. The
// movements' residue peaks at 45-69 bpm above the pulse's own line.
describe("dark skin in heavy noise with movements", () => {
  it.each([
    { seed: 3202117, heartRate: 158, sdnnMs: 12 },
    { seed: 852117, heartRate: 158, sdnnMs: 12 },
    { seed: 3202106, heartRate: 75, sdnnMs: 35 },
  ])("seed $seed: the pulse's rate at low confidence, not the bump's", async ({ seed, heartRate, sdnnMs }) => {
    const s = synthesizeFrames({
      seed,
      heartRate,
      sdnnMs,
      respiratoryRate: 20,
      fitzpatrick: 6,
      spo2: 95,
      noise: 12,
      drift: 0.1,
      motionEvents: 3,
    });
    const out = await analyzeBuffer(encodeTensor(s.frames, { frameCount: s.frameCount, fps: s.fps }));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(Math.abs(out.vitals.heart_rate - s.truth.heartRate)).toBeLessThan(3);
    expect(out.vitals.confidence).toBeLessThan(0.4);
  });
});
