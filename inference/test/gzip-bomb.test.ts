import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  FRAME_BYTES,
  HEADER_BYTES,
  MAX_INFLATE_RATIO,
  StreamReducer,
  TensorError,
  analyzeBuffer,
  decodeTensor,
} from "../src/index.js";

function bombPayload(frameCount: number, inflatedBytes: number): Buffer {
  // Concatenated gzip members are valid gzip (RFC 1952) and inflate to their sum, so a
  // huge bomb is built from one small member without ever holding the inflated bytes.
  const member = zlib.gzipSync(Buffer.alloc(64 << 20), { level: 9 }); // 64 MiB -> ~65 KB
  const members = Math.ceil(inflatedBytes / (64 << 20));
  const body = Buffer.concat(Array.from({ length: members }, () => member));
  const header = Buffer.alloc(HEADER_BYTES);
  header.write("RPPG", 0, "ascii");
  header.writeUInt16LE(1, 4);
  header.writeUInt16LE(1, 6);
  header.writeUInt32LE(frameCount, 8);
  header.writeFloatLE(30, 12);
  header.writeUInt16LE(72, 16);
  header.writeUInt16LE(72, 18);
  header.writeUInt16LE(12, 20);
  header.writeUInt32LE(body.length, 24);
  return Buffer.concat([header, body]);
}

describe("gzip bomb", () => {
  it(`past ${MAX_INFLATE_RATIO}x its size (and a MiB) a body is refused as it inflates, file or stream`, async () => {
    const payload = bombPayload(3600, 3600 * FRAME_BYTES); // the most frames a header names: 224 MB
    const started = process.cpuUsage();
    const error = await decodeTensor(payload).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "BODY_TOO_LARGE", message: expect.stringContaining("inflates more than") });
    const reducer = new StreamReducer();
    await reducer.write(payload.subarray(HEADER_BYTES));
    expect(reducer.bomb).toBe(true);
    await expect(reducer.finish(payload.subarray(0, HEADER_BYTES))).rejects.toMatchObject({ code: "BODY_TOO_LARGE" });
    // A few MiB inflated and reduced in all, not 224 MB twice.
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(500);
  });

  it("stops inflating at frame_count * 62,208 bytes and keeps memory bounded", async () => {
    const frameCount = 150; // cap: 9.3 MB
    const payload = bombPayload(frameCount, 2 * 1024 ** 3); // claims 9.3 MB, inflates to 2 GiB
    expect(payload.length).toBeLessThan(4 << 20);
    global.gc?.();
    const before = process.memoryUsage();
    let peakExternal = 0;
    const probe = setInterval(() => {
      const m = process.memoryUsage();
      peakExternal = Math.max(peakExternal, m.arrayBuffers + m.external - before.arrayBuffers - before.external);
    }, 1);
    let error: unknown;
    try {
      await decodeTensor(payload);
    } catch (e) {
      error = e;
    } finally {
      clearInterval(probe);
    }
    expect(error).toBeInstanceOf(TensorError);
    expect((error as TensorError).code).toBe("BODY_TOO_LARGE");
    // The cap plus zlib's buffers, nowhere near the 2 GiB the body would inflate to.
    expect(peakExternal).toBeLessThan(frameCount * FRAME_BYTES + (64 << 20));
    expect(process.memoryUsage().rss - before.rss).toBeLessThan(256 << 20);
  });

  it("becomes a typed failure through analyzeBuffer", async () => {
    const out = await analyzeBuffer(bombPayload(150, 256 << 20));
    expect(out).toEqual({ ok: false, error: { code: "BODY_TOO_LARGE", message: expect.any(String) } });
  });
});
