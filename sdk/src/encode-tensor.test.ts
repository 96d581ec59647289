import { describe, expect, it } from "vitest";
// The service's own decoder and pipeline: the SDK's tensors must be what the service reads.
import { analyzeBuffer, decodeTensor, synthesizeFrames } from "../../inference/src/index.js";
import { crc32 as serviceCrc32 } from "../../inference/src/crc32.js";
import { TENSOR_FRAME_BYTES, encodeTensor, inspectTensor } from "./index.js";
import { crc32 } from "./encode-tensor.js";

const scan = synthesizeFrames({ seed: 8, heartRate: 77, frameCount: 300, fps: 30, noise: 3 });

describe("encodeTensor", () => {
  it.each([false, true])("writes what the service decodes, frame for frame (gzip %s)", async (gzip) => {
    const bytes = await encodeTensor(scan.frames, { fps: 30, gzip, captureStartedAt: 1_790_000_000 });
    const decoded = await decodeTensor(bytes);
    expect(decoded.header).toMatchObject({
      version: 1,
      gzip,
      frameCount: 300,
      fps: 30,
      captureStartedAt: 1_790_000_000,
    });
    expect(Buffer.compare(Buffer.from(decoded.frames), Buffer.from(scan.frames))).toBe(0);
    expect(inspectTensor(bytes)).toMatchObject({ ok: true, header: { frameCount: 300, gzip } });
    if (gzip) expect(bytes.byteLength).toBeLessThan(scan.frames.byteLength);
  });

  it("gives the service a scan it measures", async () => {
    const out = await analyzeBuffer(await encodeTensor(scan.frames, { fps: 30, gzip: true }));
    expect(out.ok).toBe(true);
    if (out.ok) expect(Math.abs(out.vitals.heart_rate - scan.truth.heartRate)).toBeLessThan(2);
  });

  it("computes the CRC-32 the service checks", () => {
    const sample = scan.frames.subarray(0, 100_000);
    expect(crc32(sample)).toBe(serviceCrc32(sample));
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926); // the standard check value
  });

  it("refuses, on the device, a capture the service would reject", async () => {
    const frames = (n: number) => new Uint8Array(n * TENSOR_FRAME_BYTES);
    await expect(encodeTensor(new Uint8Array(TENSOR_FRAME_BYTES * 150 + 1), { fps: 30 })).rejects.toThrow(
      /whole number/,
    );
    await expect(encodeTensor(frames(149), { fps: 30 })).rejects.toThrow(/150 to 3600/);
    await expect(encodeTensor(frames(150), { fps: 9.5 })).rejects.toThrow(/10 to 120/);
    await expect(encodeTensor(frames(150), { fps: Number.NaN })).rejects.toThrow(/10 to 120/);
    await expect(encodeTensor(frames(150), { fps: 60 })).rejects.toThrow(/5 to 120 s/); // 2.5 s
    await expect(encodeTensor(frames(150), { fps: 30, captureStartedAt: -1 })).rejects.toThrow(/captureStartedAt/);
  });

  it("refuses a body over the upload limit (2,158+ frames uncompressed at the default 128 MiB), and takes it gzipped", async () => {
    const big = new Uint8Array(2200 * TENSOR_FRAME_BYTES);
    await expect(encodeTensor(big, { fps: 30 })).rejects.toThrow(
      /over the 134217728-byte upload limit \(pass gzip: true/,
    );
    expect((await encodeTensor(big, { fps: 30, gzip: true })).byteLength).toBeLessThan(134217728);
    expect((await encodeTensor(new Uint8Array(2157 * TENSOR_FRAME_BYTES), { fps: 30 })).byteLength).toBeLessThanOrEqual(
      134217728,
    );
    await expect(encodeTensor(new Uint8Array(150 * TENSOR_FRAME_BYTES), { fps: 30, maxBytes: 1000 })).rejects.toThrow(
      /over the 1000-byte/,
    );
  });
});
