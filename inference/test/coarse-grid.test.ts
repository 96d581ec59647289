// Version 2 of the tensor format: the same regions on a coarser grid (docs/tensor-format.md,
// "Version 2"), as the client library pools them (sdk/src/tensor-grid.ts).
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { frameBytesOfGrid, poolFrame, type TensorGrid } from "../../sdk/src/tensor-grid.js";
import { crc32 } from "../src/crc32.js";
import { runModel } from "../src/model-runner.js";
import { analyzeBuffer, analyzeReduced } from "../src/pipeline.js";
import { StreamReducer, reduceFrame } from "../src/stream-reducer.js";
import { synthesizeFrames } from "../src/synth/synthesize.js";
import { decodeTensor, encodeTensor } from "../src/tensor-codec.js";
import { FRAME_BYTES, HEADER_BYTES } from "../src/tensor-format.js";
import { upsampleToFull } from "../src/tensor-grid.js";
import { codeOf, withField } from "./helpers.js";

const synth = synthesizeFrames({ seed: 23, heartRate: 96, frameCount: 450, noise: 2 });

function pooled(grid: TensorGrid): Uint8Array {
  const size = frameBytesOfGrid(grid);
  const out = new Uint8Array(synth.frameCount * size);
  for (let t = 0; t < synth.frameCount; t++)
    poolFrame(
      synth.frames.subarray(t * FRAME_BYTES, (t + 1) * FRAME_BYTES),
      grid,
      out.subarray(t * size, (t + 1) * size),
    );
  return out;
}

const body36 = pooled(36);
const v2 = encodeTensor(body36, { frameCount: synth.frameCount, fps: synth.fps, grid: 36 });
const v2gz = encodeTensor(body36, { frameCount: synth.frameCount, fps: synth.fps, grid: 36, gzip: true });

describe("version 2 header", () => {
  it("names version 2 and the grid; the body is frame_count x 12 x grid x grid bytes", () => {
    expect(v2.readUInt16LE(4)).toBe(2);
    expect([v2.readUInt16LE(16), v2.readUInt16LE(18), v2.readUInt16LE(20)]).toEqual([36, 36, 12]);
    expect(v2.readUInt32LE(24)).toBe(synth.frameCount * 12 * 36 * 36);
    expect(v2.readUInt32LE(28)).toBe(crc32(body36));
  });

  it.each([
    ["72x72 in version 2", withField(v2, 16, 2, 72)],
    ["a grid that does not divide 72 evenly into one of the three", withField(withField(v2, 16, 2, 48), 18, 2, 48)],
    ["a grid that is not square", withField(v2, 18, 2, 24)],
    ["other than 12 channels", withField(v2, 20, 2, 3)],
    ["a coarse grid in version 1", withField(v2, 4, 2, 1)],
  ])("rejects %s with BAD_DIMENSIONS", async (_name, buf) => {
    expect(await codeOf(buf)).toBe("BAD_DIMENSIONS");
  });

  it("holds a raw body to the grid's size and inflates a gzip body no further than it", async () => {
    const short = withField(v2.subarray(0, v2.length - 100), 24, 4, v2.length - HEADER_BYTES - 100);
    expect(await codeOf(short)).toBe("BODY_SIZE_MISMATCH");
    // A gzip body of a 72x72 capture under a 36 grid's header: stopped at the 36 grid's cap.
    const big = zlib.gzipSync(synth.frames);
    const bomb = Buffer.concat([v2gz.subarray(0, HEADER_BYTES), big]);
    bomb.writeUInt32LE(big.length, 24);
    expect(await codeOf(bomb)).toBe("BODY_TOO_LARGE");
  });
});

describe("a coarse grid on the model's 72x72 grid", () => {
  it("each coarse pixel fills its block", () => {
    const coarse = Uint8Array.from({ length: 150 * frameBytesOfGrid(18) }, (_, i) => i % 251);
    const full = upsampleToFull(coarse, 150, 18);
    expect(full.length).toBe(150 * FRAME_BYTES);
    // Frame 3, plane 5, row 41, column 9 lies in coarse row 10, column 2.
    expect(full[3 * FRAME_BYTES + 5 * 5184 + 41 * 72 + 9]).toBe(
      coarse[3 * frameBytesOfGrid(18) + 5 * 324 + 10 * 18 + 2],
    );
    expect(() => upsampleToFull(coarse.subarray(1), 150, 18)).toThrow(RangeError);
  });

  it("the regions' skin means and shares are the coarse grid's own, exactly", () => {
    for (const grid of [36, 24, 18] as const) {
      const size = frameBytesOfGrid(grid);
      const frame = pooled(grid).subarray(100 * size, 101 * size);
      const [rgbC, skinC, rgbF, skinF]: number[][] = [[], [], [], []];
      reduceFrame(frame, rgbC, skinC, grid * grid);
      reduceFrame(upsampleToFull(frame, 1, grid), rgbF, skinF);
      expect(rgbF).toEqual(rgbC);
      expect(skinF).toEqual(skinC);
    }
  });

  it("decodes to what the model reads, and reads the pulse of the 72x72 capture", async () => {
    const decoded = await decodeTensor(v2gz);
    expect(decoded.header).toMatchObject({ version: 2, width: 36, height: 36 });
    expect(decoded.frames.length).toBe(synth.frameCount * FRAME_BYTES);
    const [coarse, full] = await Promise.all([analyzeBuffer(v2gz), analyzeBuffer(encodeTensor(synth.frames, synth))]);
    expect(coarse.ok && full.ok).toBe(true);
    if (coarse.ok && full.ok) {
      expect(Math.abs(coarse.vitals.heart_rate - synth.truth.heartRate)).toBeLessThan(3);
      expect(coarse.vitals.heart_rate).toBeCloseTo(full.vitals.heart_rate, 0);
      expect(coarse.vitals.confidence).toBeCloseTo(full.vitals.confidence, 1);
    }
  });
});

describe("StreamReducer on a coarse grid", () => {
  async function reduce(tensor: Uint8Array, grid: number) {
    const reducer = new StreamReducer(grid);
    for (let at = HEADER_BYTES; at < tensor.length; at += 100_003)
      await reducer.write(tensor.subarray(at, Math.min(at + 100_003, tensor.length)));
    return reducer.finish(tensor.subarray(0, HEADER_BYTES));
  }

  it("the grid announced: the model's outputs for the decoded file", async () => {
    const reduced = await reduce(v2gz, 36);
    expect(reduced).not.toBeNull();
    const model = await runModel((await decodeTensor(v2gz)).frames, synth.frameCount, synth.fps);
    const worst = reduced!.output.rgbMeans.reduce((m, v, i) => Math.max(m, Math.abs(v - model.rgbMeans[i]!)), 0);
    expect(worst).toBeLessThan(1e-4);
    const streamed = analyzeReduced(reduced!);
    expect(streamed.ok && Math.abs(streamed.vitals.heart_rate - synth.truth.heartRate) < 3).toBe(true);
  });

  it("another grid than announced: the file is read instead (null), never a wrong reading", async () => {
    expect(await reduce(v2gz, 72)).toBeNull();
    expect(await reduce(v2gz, 24)).toBeNull();
  });
});
