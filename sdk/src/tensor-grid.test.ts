import { describe, expect, it } from "vitest";
import { analyzeBuffer, decodeTensor, synthesizeFrames } from "../../inference/src/index.js";
import { ChunkedUpload } from "./chunked-upload.js";
import { encodeTensor, inspectTensor, TENSOR_FRAME_BYTES } from "./index.js";
import { frameBytesOfGrid, poolFrame } from "./tensor-grid.js";
import type { Transport } from "./http.js";

const PLANE = 72 * 72;

/** A frame whose region 0 is one colour where `skin(x, y)`, black elsewhere; other regions black. */
function frameWith(skin: (x: number, y: number) => boolean, rgb: [number, number, number]): Uint8Array {
  const f = new Uint8Array(TENSOR_FRAME_BYTES);
  for (let y = 0; y < 72; y++)
    for (let x = 0; x < 72; x++) if (skin(x, y)) for (let c = 0; c < 3; c++) f[c * PLANE + y * 72 + x] = rgb[c]!;
  return f;
}

describe("poolFrame", () => {
  it("a block is skin when all its pixels are, and holds their mean", () => {
    // 2x2 blocks at grid 36: columns 0-1 are skin (block column 0 whole), column 2 too (block column 1 half).
    const pooled = poolFrame(
      frameWith((x) => x <= 2, [100, 150, 200]),
      36,
    );
    expect([pooled[0], pooled[36 * 36], pooled[2 * 36 * 36]]).toEqual([100, 150, 200]);
    expect([pooled[1], pooled[36 * 36 + 1], pooled[2 * 36 * 36 + 1]]).toEqual([0, 0, 0]);
    // Regions 1-3 were black: not skin anywhere.
    expect(pooled.subarray(3 * 36 * 36).every((v) => v === 0)).toBe(true);
  });

  it("a smooth region keeps its mean's fraction of a level (dithered, not rounded block by block)", () => {
    // Every 2x2 block is 100, 100, 100, 101: a mean of 100.25 everywhere, which rounding would make 100.
    const f = frameWith((x, y) => x < 64 && y < 64, [0, 0, 0]);
    for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) f[PLANE + y * 72 + x] = x % 2 && y % 2 ? 101 : 100;
    const pooled = poolFrame(f, 36);
    let sum = 0;
    for (let y = 0; y < 32; y++) for (let x = 0; x < 32; x++) sum += pooled[36 * 36 + y * 36 + x]!;
    expect(Math.abs(sum / (32 * 32) - 100.25)).toBeLessThanOrEqual(1 / 64);
  });

  it("means are whole levels, and skin that rounds to black stays skin", () => {
    const f = frameWith(() => true, [10, 20, 30]);
    f[0] = 11; // one pixel of the first 3x3 block a level up: 10.11 rounds to 10
    for (const p of [0, 1, 72, 73]) f[2 * PLANE + p] = p === 0 ? 1 : 0; // blue 1,0,0,0 (skin by red/green)
    const pooled = poolFrame(f, 24);
    expect(pooled.length).toBe(frameBytesOfGrid(24));
    expect(pooled[0]).toBe(10);
    const dim = new Uint8Array(TENSOR_FRAME_BYTES);
    for (const p of [0, 1, 72, 73]) dim[p] = 1; // a dark block: red 1, 0, 0, 0 over green and blue 0
    dim[1] = 0;
    dim[2 * PLANE + 1] = 1; // pixel 1 is (0,0,1)
    for (const p of [72, 73]) dim[PLANE + p] = 1; // pixels 72, 73 are (1,1,0) and (0,1,0)
    dim[73] = 0;
    // Means (0.5, 0.5, 0.25) come to (0,0,0) against block (0,0)'s threshold: sent as (0,0,1).
    const out = poolFrame(dim, 36);
    expect([out[0], out[36 * 36], out[2 * 36 * 36]]).toEqual([0, 0, 1]);
  });

  it("72 is the frame itself; a frame of the wrong size is refused", () => {
    const f = frameWith(() => true, [1, 2, 3]);
    expect(poolFrame(f, 72)).toBe(f);
    expect(() => poolFrame(f.subarray(1), 36)).toThrow(RangeError);
  });
});

describe("encodeTensor on a coarse grid", () => {
  const scan = synthesizeFrames({ seed: 31, heartRate: 64, frameCount: 300, fps: 30, noise: 3 });

  it.each([36, 24, 18] as const)(
    "grid %i: version 2 the service decodes and measures; a fraction of the bytes",
    async (grid) => {
      const full = await encodeTensor(scan.frames, { fps: 30, gzip: true });
      const bytes = await encodeTensor(scan.frames, { fps: 30, gzip: true, grid });
      expect(inspectTensor(bytes)).toMatchObject({ ok: true, header: { version: 2, width: grid, height: grid } });
      const decoded = await decodeTensor(bytes);
      expect(decoded.header).toMatchObject({ version: 2, width: grid, frameCount: 300 });
      expect(bytes.byteLength).toBeLessThan(full.byteLength / ((72 / grid) ** 2 / 2));
      const out = await analyzeBuffer(bytes);
      expect(out.ok && Math.abs(out.vitals.heart_rate - scan.truth.heartRate) < 2).toBe(true);
    },
  );

  it("refuses a grid the format does not have", async () => {
    await expect(encodeTensor(scan.frames, { fps: 30, grid: 48 as never })).rejects.toThrow(/grid 48/);
  });
});

describe("ChunkedUpload's grid", () => {
  it("each chunk names the tensor's grid (Tensor-Grid), so the service can reduce it before the header comes", async () => {
    const seen: [string, string | null][] = [];
    const transport: Transport = {
      fetch: async (_url, init) => {
        const h = new Headers(init?.headers);
        seen.push([h.get("content-range")!, h.get("tensor-grid")]);
        const first = Number(/^bytes (\d+)/.exec(h.get("content-range")!)![1]);
        return first === 0
          ? new Response(null, { status: 200, headers: { ETag: '"e"' } })
          : new Response(null, { status: 308, headers: { Range: `bytes=36-${36 + 1000 - 1}` } });
      },
      sleep: async () => undefined,
      retry: { maxRetries: 0, maxRetryWaitSeconds: 0 },
    };
    const upload = new ChunkedUpload(
      transport,
      "https://api.example.test/upload/6f1c1c5e-2d7a-4c1e-9a53-3f1e2b7c9d10?expires=9&sig=a",
      {
        grid: 36,
        chunkBytes: 1000,
      },
    );
    upload.write(new Uint8Array(1000));
    await upload.finish(new Uint8Array(36));
    expect(seen).toEqual([
      ["bytes 36-1035/*", "36"],
      ["bytes 0-35/1036", "36"],
    ]);
  });
});
