import { describe, expect, it } from "vitest";
import { analyzeBuffer, encodeTensor, synthesizeFrames } from "../src/index.js";
import { runModel } from "../src/model-runner.js";
import { FRAME_BYTES, PLANE_BYTES } from "../src/tensor-format.js";
import { detectKeyFramePeriod, removePeriodic } from "../src/vitals/gop.js";

// A video codec's key-frame pattern (docs/inference.md, "Key frames"): every group of
// pictures the skin colour jumps at the key frame and drifts until the next, the same in
// every region, red and blue in opposite directions (which POS and PBV do not reject).
function withKeyFrames(frames: Uint8Array, frameCount: number, gopFrames: number, greyLevels: number): Uint8Array {
  const f = new Uint8Array(frames);
  const sign = [1, -0.4, -1];
  for (let t = 0; t < frameCount; t++) {
    const phase = (t % gopFrames) / gopFrames;
    for (let c = 0; c < 12; c++) {
      const off = greyLevels * sign[c % 3] * (0.5 - phase);
      const base = t * FRAME_BYTES + c * PLANE_BYTES;
      for (let i = 0; i < PLANE_BYTES; i++)
        if (f[base + i]) f[base + i] = Math.max(1, Math.min(255, Math.round(f[base + i] + off)));
    }
  }
  return f;
}

async function scan(o: {
  fps: number;
  heartRate?: number;
  pulse?: boolean;
  gopSeconds?: number;
  seed?: number;
  sdnnMs?: number;
}) {
  const s = synthesizeFrames({
    seed: o.seed ?? 4242,
    fps: o.fps,
    frameCount: 20 * o.fps,
    heartRate: o.heartRate,
    pulse: o.pulse ?? true,
    sdnnMs: o.sdnnMs,
    noise: 4,
    fitzpatrick: 3,
  });
  const frames = o.gopSeconds ? withKeyFrames(s.frames, s.frameCount, o.gopSeconds * o.fps, 4) : s.frames;
  const out = await analyzeBuffer(encodeTensor(frames, { frameCount: s.frameCount, fps: o.fps }));
  const model = await runModel(frames, s.frameCount, o.fps);
  return { out, truth: s.truth, gop: detectKeyFramePeriod(model, o.fps) };
}

describe("key-frame pattern of a video codec", () => {
  it.each([
    { fps: 30, heartRate: 75, gopSeconds: 1 },
    { fps: 15, heartRate: 84, gopSeconds: 1 },
    { fps: 30, heartRate: 75, gopSeconds: 2 },
  ])(
    "is found and removed: $heartRate bpm at $fps fps, key frame every $gopSeconds s",
    async ({ fps, heartRate, gopSeconds }) => {
      const { out, truth, gop } = await scan({ fps, heartRate, gopSeconds });
      expect(gop?.frames).toBe(gopSeconds * fps);
      if (!out.ok) throw new Error(out.error.code);
      // Left in, this pattern reads 120 or 61 bpm here.
      expect(Math.abs(out.vitals.heart_rate - truth.heartRate)).toBeLessThan(3);
      expect(out.vitals.confidence).toBeGreaterThanOrEqual(0.7);
    },
    30_000,
  );

  it.each([15, 30])(
    "alone, without a pulse, is never a reading (%i fps)",
    async (fps) => {
      const { out, gop } = await scan({ fps, pulse: false, gopSeconds: 1 });
      expect(gop?.seconds).toBe(1);
      expect(out.ok ? out.vitals.confidence : 0).toBe(0.1);
    },
    30_000,
  );

  it("a pulse at the key-frame rate cannot be told from it: low confidence", async () => {
    const { out } = await scan({ fps: 30, heartRate: 60, gopSeconds: 1 });
    expect(out.ok ? out.vitals.confidence : 0).toBeLessThan(0.4);
  }, 30_000);

  it("is not found in a clean scan whose pulse period is a whole number of frames", async () => {
    // 75 bpm at 30 fps: one beat every 24 frames, itself a comb a free period search folds.
    const { gop, out } = await scan({ fps: 30, heartRate: 75 });
    expect(gop).toBeUndefined();
    expect(out.ok && out.vitals.confidence).toBeGreaterThanOrEqual(0.7);
  }, 30_000);

  it.each([60, 90, 120, 150, 180])(
    "no codec, no key-frame rule: a clean %i bpm pulse (on the teeth of a 1 s or 2 s comb) reads right at high confidence",
    async (heartRate) => {
      // A browser capture reads the camera before any codec; the rules for a codec's key frames
      // (which a pulse at a multiple of 30 bpm matches exactly) apply only where one is found.
      for (const seed of [11, 12, 13]) {
        // HRV as people have it: a fast heart varies less in milliseconds.
        const { out, truth } = await scan({ fps: 30, heartRate, seed, sdnnMs: 45 * Math.min(1, 75 / heartRate) });
        if (!out.ok) throw new Error(out.error.code);
        expect(Math.abs(out.vitals.heart_rate - truth.heartRate), `seed ${seed}`).toBeLessThan(3);
        expect(out.vitals.confidence, `seed ${seed}`).toBeGreaterThanOrEqual(0.7);
        expect(out.vitals.quality?.reasons).not.toContain("compression");
      }
    },
    60_000,
  );

  it("removal keeps what is not periodic, camera events included", () => {
    const T = 400,
      period = 25;
    const data = new Float32Array(T);
    for (let t = 0; t < T; t++)
      data[t] = Math.sin((2 * Math.PI * t) / 37) + (t % period === 0 ? 3 : 0) + (t >= 200 && t < 204 ? 10 : 0);
    const clean = removePeriodic(data, 1, T, period);
    for (let t = 30; t < T - 30; t++) {
      const want = Math.sin((2 * Math.PI * t) / 37) + (t >= 200 && t < 204 ? 10 : 0);
      expect(Math.abs(clean[t] - want)).toBeLessThan(0.35);
    }
  });
});
