import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { runModel } from "./model-runner.js";
import { analyzeBuffer, analyzeReduced } from "./pipeline.js";
import { StreamReducer } from "./stream-reducer.js";
import { synthesizeFrames } from "./synth/synthesize.js";
import { encodeTensor } from "./tensor-codec.js";
import { HEADER_BYTES, TensorError } from "./tensor-format.js";

function scan(gzip: boolean) {
  const synth = synthesizeFrames({ seed: 11, heartRate: 81, frameCount: 600, noise: 2 });
  const tensor = encodeTensor(synth.frames, { frameCount: synth.frameCount, fps: synth.fps, gzip });
  return { synth, tensor };
}

/** The body fed in pieces of uneven sizes, as chunks arrive, then the header. */
async function reduce(tensor: Uint8Array, header = tensor.subarray(0, HEADER_BYTES)) {
  const reducer = new StreamReducer();
  let at = HEADER_BYTES;
  for (let i = 0; at < tensor.length; i++) {
    const n = [1, 700_001, 65_536, 3, 1_048_576][i % 5]!;
    await reducer.write(tensor.subarray(at, Math.min(at + n, tensor.length)));
    at += n;
  }
  return reducer.finish(header);
}

describe("StreamReducer", () => {
  for (const gzip of [true, false]) {
    it(`${gzip ? "gzip" : "raw"} body in pieces: the committed model's outputs, and the vitals of the whole file`, async () => {
      const { synth, tensor } = scan(gzip);
      const reduced = await reduce(tensor);
      expect(reduced).not.toBeNull();
      const model = await runModel(synth.frames, synth.frameCount, synth.fps);
      for (const name of ["rgbMeans", "skinFraction", "pulse", "pulsePbv"] as const) {
        const a = reduced!.output[name]!;
        const b = model[name]!;
        expect(a.length).toBe(b.length);
        const worst = a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i]!)), 0);
        expect(worst, name).toBeLessThan(name === "rgbMeans" ? 1e-4 : 1e-3);
      }
      const streamed = analyzeReduced(reduced!);
      const whole = await analyzeBuffer(tensor);
      expect(streamed.ok && whole.ok).toBe(true);
      if (streamed.ok && whole.ok) {
        expect(streamed.vitals.heart_rate).toBeCloseTo(whole.vitals.heart_rate, 0);
        expect(Math.abs(streamed.vitals.heart_rate - synth.truth.heartRate)).toBeLessThan(3);
      }
    });
  }

  it("a header that disagrees with what arrived is the decoder's TensorError (fallback vitals), never a result", async () => {
    const { tensor } = scan(true);
    const header = new Uint8Array(tensor.subarray(0, HEADER_BYTES));
    new DataView(header.buffer).setUint32(28, 1, true); // CRC
    await expect(reduce(tensor, header)).rejects.toBeInstanceOf(TensorError);
    const short = new Uint8Array(tensor.subarray(0, HEADER_BYTES));
    new DataView(short.buffer).setUint32(8, 599, true); // one frame fewer than sent
    await expect(reduce(tensor, short)).rejects.toBeInstanceOf(TensorError);
  });

  it("a body that is not gzip although it starts like it: null (the file is read instead)", async () => {
    const reducer = new StreamReducer();
    await reducer.write(Uint8Array.of(0x1f, 0x8b, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    expect(await reducer.finish(new Uint8Array(HEADER_BYTES))).toBeNull();
  });

  for (const size of [4 << 20, 64 << 20]) {
    it(`a ${size >> 20} MiB gzip bomb in one piece smaller than the stream's buffer is known as one when write() settles`, async () => {
      const bomb = gzipSync(Buffer.alloc(size), { level: 9 });
      expect(bomb.byteLength).toBeLessThan(65_536);
      const reducer = new StreamReducer();
      await reducer.write(bomb);
      expect(reducer.bomb).toBe(true);
      expect(reducer.failed).toMatch(/inflates more than/);
    });
  }
});

describe("StreamReducer on a broken gzip body", () => {
  it("a body that stops being gzip midway: every write settles, and finish() answers null (the file is read), never a hang", async () => {
    const { tensor } = scan(true);
    const broken = new Uint8Array(tensor);
    for (let i = Math.floor(broken.length / 2); i < Math.floor(broken.length / 2) + 4096; i++) broken[i] = 0xff;
    const reducer = new StreamReducer();
    const hang = (ms: number) => new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), ms).unref());
    for (let at = HEADER_BYTES; at < broken.length; at += 2_097_152) {
      const wrote = reducer.write(broken.subarray(at, Math.min(at + 2_097_152, broken.length))).then(() => "ok");
      expect(await Promise.race([wrote, hang(5_000)])).toBe("ok");
    }
    expect(reducer.failed).toMatch(/gzip body is invalid/);
    expect(await reducer.finish(broken.subarray(0, HEADER_BYTES))).toBeNull();
  });
});
