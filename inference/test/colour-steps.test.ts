import { describe, expect, it } from "vitest";
import { synthesizeFrames } from "../src/index.js";
import { pulseProjections } from "../src/dsp/pulse-projections.js";
import { runModel, type ModelOutput } from "../src/model-runner.js";
import { gaussian, seededRandom } from "../src/synth/random.js";
import { withoutColourSteps } from "../src/vitals/colour-steps.js";
import { estimateVitals } from "../src/vitals/estimate-vitals.js";

const fps = 30;
const T = 600;
const SKIN = [190, 140, 108];
const SIGNATURE = [0.33, 0.77, 0.53];

type Event = (t: number, region: number, colour: number) => { gain?: number; add?: number };

/**
 * Region means of a steady face with a 72 bpm pulse (0.5 % on the blood-volume signature)
 * and sensor noise, the camera's events applied per frame; the pulse candidates computed
 * from them as the committed model does.
 */
function means(event: Event = () => ({}), seed = 1, rate = fps): ModelOutput {
  const gauss = gaussian(seededRandom(seed));
  const frames = Math.round((T / fps) * rate);
  const rgbMeans = new Float32Array(frames * 12);
  for (let t = 0; t < frames; t++) {
    const pulse = Math.sin((2 * Math.PI * 1.2 * t) / rate);
    for (let r = 0; r < 4; r++)
      for (let c = 0; c < 3; c++) {
        const { gain = 1, add = 0 } = event(t / rate, r, c);
        rgbMeans[(t * 4 + r) * 3 + c] = SKIN[c] * (1 - 0.005 * SIGNATURE[c] * pulse) * gain + add + 0.05 * gauss();
      }
  }
  const { pos, pbv } = pulseProjections(rgbMeans, frames, rate);
  return { frames, rgbMeans, skinFraction: new Float32Array(frames * 4).fill(0.6), pulse: pos, pulsePbv: pbv };
}

/** A camera's gain step of `by` in one colour at `at` seconds, settling in ~0.3 s. */
const step = (colour: number, at: number, by: number) => (t: number, _r: number, c: number) => ({
  gain: c === colour ? 1 + by / (1 + Math.exp(-(t - at) / 0.08)) : 1,
});

describe("camera colour-balance steps", () => {
  it("computes the committed model's POS and PBV from region means", async () => {
    const s = synthesizeFrames({ seed: 21, heartRate: 80, noise: 4, motionEvents: 1, frameCount: 300 });
    const model = await runModel(s.frames, s.frameCount, s.fps);
    const { pos, pbv } = pulseProjections(model.rgbMeans, s.frameCount, s.fps);
    const worst = (a: Float32Array, b: Float32Array) => Math.max(...a.map((v, i) => Math.abs(v - b[i])));
    const scale = Math.max(...model.pulse.map(Math.abs));
    expect(worst(pos, model.pulse)).toBeLessThan(1e-4 * scale);
    expect(worst(pbv, model.pulsePbv!)).toBeLessThan(1e-4 * Math.max(...model.pulsePbv!.map(Math.abs)));
  });

  it("finds a white-balance step shared by every region and divides it out", () => {
    const stepped = means(step(0, 9, 0.04));
    const { out, steps } = withoutColourSteps(stepped, fps);
    expect(steps).toHaveLength(1);
    expect(Math.abs(steps[0].frame / fps - 9)).toBeLessThan(0.3);
    // Red up 4 %: red's log-chromaticity rises by 2/3 of it, the others fall by 1/3.
    expect(steps[0].size[0]).toBeCloseTo((2 / 3) * Math.log(1.04), 2);
    // The repaired means carry the clean capture's colour balance (to the noise): what is
    // left of the step is a change of brightness alone, which POS and PBV do not see.
    const clean = means();
    const redOverGreen = (o: ModelOutput, t: number) => o.rgbMeans[(t * 4 + 2) * 3] / o.rgbMeans[(t * 4 + 2) * 3 + 1];
    expect(Math.abs(redOverGreen(out, 400) / redOverGreen(clean, 400) - 1)).toBeLessThan(0.002);
    expect(Math.abs(redOverGreen(stepped, 400) / redOverGreen(clean, 400) - 1)).toBeGreaterThan(0.035);
  });

  it.each([15, 24, 60])("places the step at %i fps too", (rate) => {
    const { steps } = withoutColourSteps(means(step(2, 9, -0.04), 1, rate), rate);
    expect(steps).toHaveLength(1);
    expect(Math.abs(steps[0].frame / rate - 9)).toBeLessThan(0.3);
  });

  it("reads the pulse through the step with the confidence of a clean capture", () => {
    // One step per colour, 3.5 s apart (without the repair: confidence 0.36).
    const event: Event = (t, r, c) => ({
      gain: step(2, 7, -0.04)(t, r, c).gain * step(0, 10.5, 0.03)(t, r, c).gain * step(1, 14, 0.03)(t, r, c).gain,
    });
    const stepped = estimateVitals(means(event), fps);
    const clean = estimateVitals(means(), fps);
    expect(stepped.ok && clean.ok).toBe(true);
    if (!stepped.ok || !clean.ok) return;
    expect(Math.abs(stepped.vitals.heart_rate - 72)).toBeLessThan(1);
    expect(stepped.vitals.confidence).toBeGreaterThan(0.9);
    expect(stepped.vitals.confidence).toBeGreaterThan(clean.vitals.confidence - 0.05);
  });

  it("divides out an exposure step (brightness alone), not one while the colours move", () => {
    const exposure: Event = (t) => ({ gain: 1 + 0.08 / (1 + Math.exp(-(t - 9) / 0.08)) });
    const { out, steps } = withoutColourSteps(means(exposure), fps);
    expect(steps).toHaveLength(1);
    expect(steps[0].size).toHaveLength(1);
    expect(steps[0].size[0]).toBeCloseTo(Math.log(1.08), 2);
    const green = (o: ModelOutput, t: number) => o.rgbMeans[(t * 4 + 1) * 3 + 1];
    const clean = means();
    expect(Math.abs(green(out, 450) / green(out, 150) - green(clean, 450) / green(clean, 150))).toBeLessThan(0.003);
    // The same step with a colour shift too small to repair as a colour step but there (red
    // 0.9 %): the light itself changed, not the camera's exposure. Left as it is.
    const tinted: Event = (t, r, c) => ({ gain: (exposure(t, r, c).gain ?? 1) * step(0, 9, 0.009)(t, r, c).gain });
    const raw = means(tinted);
    expect(withoutColourSteps(raw, fps).out).toBe(raw);
  });

  it("leaves alone what is no camera step: a flash pair, a change in one region, a step undone", () => {
    const flashes: Event = (t) => ({
      add: 8 * (Math.exp(-0.5 * ((t - 8) / 0.25) ** 2) + Math.exp(-0.5 * ((t - 9.7) / 0.25) ** 2)),
    });
    const oneRegion: Event = (t, r, c) => (r === 1 ? step(0, 9, 0.05)(t, r, c) : {});
    const undone: Event = (t, r, c) => ({
      gain: step(0, 7, 0.04)(t, r, c).gain / step(0, 10, 0.04 / 1.04)(t, r, c).gain,
    });
    for (const event of [flashes, oneRegion, undone]) {
      const raw = means(event);
      const { out, steps } = withoutColourSteps(raw, fps);
      expect(steps).toHaveLength(0);
      expect(out).toBe(raw);
    }
  });

  it("repairs nothing when a step it cannot place is left (all or nothing)", () => {
    // Two steps 1.2 s apart: neither holds either side long enough to be placed.
    const close: Event = (t, r, c) => ({ gain: step(0, 8, 0.04)(t, r, c).gain * step(2, 9.2, 0.04)(t, r, c).gain });
    const raw = means(close);
    expect(withoutColourSteps(raw, fps).out).toBe(raw);
  });
});
