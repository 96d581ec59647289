import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildPulseModel } from "../model-build/pulse-graph.js";
import { DEFAULT_MODEL_PATH, analyzeBuffer, encodeTensor, synthesizeFrames } from "../src/index.js";
import { runModel, type ModelOutput } from "../src/model-runner.js";
import { referenceModel } from "./reference-model.js";

const T = 150;
const fps = 30;
const scan = synthesizeFrames({ seed: 5, frameCount: T, fps, noise: 3, motionEvents: 1, drift: 0.05 });
// Region 2 loses all skin in frame 40 (count 0 must give mean 0, not NaN).
scan.frames.fill(0, (40 * 12 + 6) * 5184, (40 * 12 + 9) * 5184);
const tmp = mkdtempSync(join(tmpdir(), "pulse-model-"));

function series(out: Float32Array, r: number): number[] {
  return Array.from({ length: T }, (_, t) => out[t * 4 + r]);
}

function expectClose(actual: number[], expected: number[], relTol: number): void {
  const scale = Math.sqrt(expected.reduce((a, v) => a + v * v, 0) / expected.length) || 1;
  const rms = Math.sqrt(actual.reduce((a, v, i) => a + (v - expected[i]) ** 2, 0) / actual.length);
  if (process.env.MODEL_TEST_DEBUG) console.log("relative rms", rms / scale);
  expect(rms / scale).toBeLessThan(relTol);
}

function compareWithReference(out: ModelOutput, windowSeconds: number): void {
  const ref = referenceModel(scan.frames, T, fps, windowSeconds);
  for (let t = 0; t < T; t++) {
    for (let r = 0; r < 4; r++) {
      expect(out.skinFraction[t * 4 + r]).toBeCloseTo(ref.skin[t][r], 5);
      for (let c = 0; c < 3; c++)
        expect(Math.abs(out.rgbMeans[(t * 4 + r) * 3 + c] - ref.means[t][r][c])).toBeLessThan(1e-3);
    }
  }
  for (let r = 0; r < 4; r++) {
    expectClose(series(out.pulse, r), ref.pos[r], 1e-3);
    // The 3x3 solve runs in float32; region 2's skin dropout makes its matrix badly
    // conditioned, which costs ~1 % there (a wrong window or sign would cost > 10 %).
    expectClose(series(out.pulsePbv!, r), ref.pbv[r], r === 2 ? 3e-2 : 1e-3);
  }
}

describe("pulse model", () => {
  it("is reproduced byte for byte by the committed build script", () => {
    const committed = readFileSync(DEFAULT_MODEL_PATH);
    expect(Buffer.compare(Buffer.from(buildPulseModel()), committed)).toBe(0);
  });

  it("outputs skin-masked means, skin fractions, POS and PBV pulses as computed independently", async () => {
    const out = await runModel(scan.frames, T, fps);
    expect(out.rgbMeans[(40 * 4 + 2) * 3]).toBe(0);
    expect(out.skinFraction[40 * 4 + 2]).toBe(0);
    compareWithReference(out, 1.6);
  });

  it("the pulse is more than a pass-through: it tracks the known blood-volume pulse", async () => {
    const out = await runModel(scan.frames, T, fps);
    const green = series(
      out.rgbMeans.filter((_, i) => i % 3 === 1),
      0,
    ); // raw green, region 0
    const pulse = series(out.pulse, 0);
    // POS must differ from any single input channel: the drift and motion in green are gone.
    const corr = (a: number[], b: number[]) => {
      const ma = a.reduce((x, y) => x + y) / a.length,
        mb = b.reduce((x, y) => x + y) / b.length;
      let ab = 0,
        aa = 0,
        bb = 0;
      a.forEach((v, i) => {
        ab += (v - ma) * (b[i] - mb);
        aa += (v - ma) ** 2;
        bb += (b[i] - mb) ** 2;
      });
      return ab / Math.sqrt(aa * bb);
    };
    expect(Math.abs(corr(green, pulse))).toBeLessThan(0.5);
  });

  it("loads a second model file through modelPath", async () => {
    const path = join(tmp, "pulse-window-1s.onnx");
    writeFileSync(path, buildPulseModel({ windowSeconds: 1.0, name: "pulse_window_1s" }));
    const out = await runModel(scan.frames, T, fps, path);
    compareWithReference(out, 1.0);
    const payload = encodeTensor(scan.frames, { frameCount: T, fps });
    const result = await analyzeBuffer(payload, undefined, { modelPath: path });
    expect(result.ok).toBe(true);
  });

  it("runs a model without the optional pulse_pbv output (POS only)", async () => {
    const path = join(tmp, "pulse-pos-only.onnx");
    writeFileSync(path, buildPulseModel({ withPbv: false, name: "pulse_pos_only" }));
    const out = await runModel(scan.frames, T, fps, path);
    expect(out.pulsePbv).toBeUndefined();
    const moving = synthesizeFrames({ seed: 77, heartRate: 66, noise: 3, motionEvents: 2 });
    const result = await analyzeBuffer(
      encodeTensor(moving.frames, { frameCount: moving.frameCount, fps: moving.fps }),
      undefined,
      { modelPath: path },
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(Math.abs(result.vitals.heart_rate - moving.truth.heartRate)).toBeLessThan(2);
  });

  it("really uses the model given: a model with no pulse output yields no vitals", async () => {
    const path = join(tmp, "pulse-flat.onnx");
    writeFileSync(path, buildPulseModel({ pulseGain: 0 }));
    const result = await analyzeBuffer(encodeTensor(scan.frames, { frameCount: T, fps }), undefined, {
      modelPath: path,
    });
    expect(result).toMatchObject({ ok: false, error: { code: "NO_SIGNAL" } });
  });

  it("reports a missing model as a typed failure", async () => {
    const result = await analyzeBuffer(encodeTensor(scan.frames, { frameCount: T, fps }), undefined, {
      modelPath: join(tmp, "absent.onnx"),
    });
    expect(result).toMatchObject({ ok: false, error: { code: "MODEL_LOAD_FAILED" } });
  });
});
