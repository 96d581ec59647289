import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32, crc32Portable, crc32Update } from "../src/crc32.js";
import { FRAME_BYTES, HEADER_BYTES, decodeTensor, encodeTensor, parseHeader } from "../src/index.js";
import { codeOf, flatFrames, withField } from "./helpers.js";

const frames = (() => {
  const f = flatFrames(150);
  // Content the CRC must see, as varied as a camera's: a flat body gzips past MAX_INFLATE_RATIO.
  let x = 2463534242;
  for (let i = 0; i < f.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    f[i] = x >>> 24;
  }
  return f;
})();
const raw = encodeTensor(frames, { frameCount: 150, fps: 30, captureStartedAt: 1_700_000_000 });
const gz = encodeTensor(frames, { frameCount: 150, fps: 30, gzip: true });

/** Rewrites the header's CRC for a changed body, so only the rule under test fails. */
function gzipPayload(body: Uint8Array, frameCount: number, crcOf: Uint8Array): Buffer {
  const gzBody = zlib.gzipSync(body);
  const out = Buffer.concat([raw.subarray(0, HEADER_BYTES), gzBody]);
  out.writeUInt16LE(1, 6);
  out.writeUInt32LE(frameCount, 8);
  out.writeUInt32LE(gzBody.length, 24);
  out.writeUInt32LE(crc32(crcOf), 28);
  return out;
}

describe("CRC-32", () => {
  it("matches the IEEE check value for both implementations", () => {
    const check = new TextEncoder().encode("123456789");
    expect(crc32(check)).toBe(0xcbf43926);
    expect(crc32Portable(check)).toBe(0xcbf43926);
    expect(crc32Portable(frames)).toBe(crc32(frames));
  });

  it("continues over chunks exactly as over the whole (used while inflating)", () => {
    const [a, b] = [frames.subarray(0, 100_003), frames.subarray(100_003)];
    expect(crc32Update(crc32Update(0, a), b)).toBe(crc32(frames));
    expect(crc32Portable(b, crc32Portable(a))).toBe(crc32(frames));
  });
});

describe("encodeTensor", () => {
  it("writes the documented little-endian header", () => {
    expect(raw.subarray(0, 4).toString("ascii")).toBe("RPPG");
    expect(raw.readUInt16LE(4)).toBe(1);
    expect(raw.readUInt16LE(6)).toBe(0);
    expect(raw.readUInt32LE(8)).toBe(150);
    expect(raw.readFloatLE(12)).toBe(30);
    expect([raw.readUInt16LE(16), raw.readUInt16LE(18), raw.readUInt16LE(20)]).toEqual([72, 72, 12]);
    expect([raw[22], raw[23]]).toEqual([0, 0]);
    expect(raw.readUInt32LE(24)).toBe(150 * FRAME_BYTES);
    expect(raw.readUInt32LE(28)).toBe(crc32(frames));
    expect(raw.readUInt32LE(32)).toBe(1_700_000_000);
    expect(raw.length).toBe(HEADER_BYTES + 150 * FRAME_BYTES);
    expect(gz.readUInt16LE(6)).toBe(1);
    expect(gz.readUInt32LE(24)).toBe(gz.length - HEADER_BYTES);
  });
});

describe("decodeTensor", () => {
  it("round-trips raw and gzip bodies", async () => {
    for (const buf of [raw, gz]) {
      const d = await decodeTensor(buf);
      expect(d.header.frameCount).toBe(150);
      expect(Buffer.compare(Buffer.from(d.frames), Buffer.from(frames))).toBe(0);
    }
    expect((await decodeTensor(raw)).header.captureStartedAt).toBe(1_700_000_000);
  });

  it.each([
    ["TRUNCATED", raw.subarray(0, 35)],
    ["BAD_MAGIC", Buffer.concat([Buffer.from("RPPX"), raw.subarray(4)])],
    ["BAD_VERSION", withField(raw, 4, 2, 3)],
    ["BAD_VERSION", withField(raw, 4, 2, 0)],
    // Version 2 is the coarse grids only (docs/tensor-format.md, "Version 2"): 72x72 planes stay version 1.
    ["BAD_DIMENSIONS", withField(raw, 4, 2, 2)],
    ["BAD_FLAGS", withField(raw, 6, 2, 0b10)],
    ["BAD_FRAME_COUNT", withField(raw, 8, 4, 149)],
    ["BAD_FRAME_COUNT", withField(raw, 8, 4, 3601)],
    ["BAD_FPS", withField(raw, 12, 4, 9.99, true)],
    ["BAD_FPS", withField(raw, 12, 4, 120.5, true)],
    ["BAD_FPS", withField(raw, 12, 4, NaN, true)],
    ["BAD_FPS", withField(raw, 12, 4, Infinity, true)],
    ["BAD_DURATION", withField(raw, 12, 4, 60, true)], // 150 frames at 60 fps = 2.5 s
    ["BAD_DURATION", withField(withField(raw, 8, 4, 1500), 12, 4, 10, true)], // 1,500 frames at 10 fps = 150 s
    ["BAD_DIMENSIONS", withField(raw, 16, 2, 64)],
    ["BAD_DIMENSIONS", withField(raw, 18, 2, 73)],
    ["BAD_DIMENSIONS", withField(raw, 20, 2, 3)],
    ["BAD_DTYPE", withField(raw, 22, 1, 1)],
    ["BAD_LAYOUT", withField(raw, 23, 1, 1)],
    ["BAD_BODY_LENGTH", withField(raw, 24, 4, 150 * FRAME_BYTES - 1)],
    ["BAD_BODY_LENGTH", raw.subarray(0, raw.length - 1)],
    ["BODY_SIZE_MISMATCH", withField(raw.subarray(0, raw.length - FRAME_BYTES), 24, 4, 149 * FRAME_BYTES)],
    ["CRC_MISMATCH", withField(raw, 28, 4, crc32(frames) ^ 1)],
    [
      "BAD_GZIP",
      withField(withField(Buffer.concat([raw.subarray(0, 36), Buffer.from("not gzip at all")]), 24, 4, 15), 6, 2, 1),
    ],
    ["BAD_GZIP", withField(gz.subarray(0, gz.length - 100), 24, 4, gz.length - 136)], // cut-off stream
  ] as const)("rejects %s", async (code, buf) => {
    expect(await codeOf(buf)).toBe(code);
  });

  it("rejects a flipped body byte by CRC, raw and gzip", async () => {
    const r = Buffer.from(raw);
    r[HEADER_BYTES + 12345] ^= 0x40;
    expect(await codeOf(r)).toBe("CRC_MISMATCH");
    const g = gzipPayload(
      Uint8Array.from(frames, (v, i) => (i === 777 ? v ^ 1 : v)),
      150,
      frames,
    );
    expect(await codeOf(g)).toBe("CRC_MISMATCH");
  });

  it("rejects a gzip body that inflates short or long", async () => {
    expect(await codeOf(gzipPayload(frames.subarray(0, frames.length - 1), 150, frames))).toBe("BODY_SIZE_MISMATCH");
    const long = new Uint8Array(frames.length + 1);
    long.set(frames);
    expect(await codeOf(gzipPayload(long, 150, long))).toBe("BODY_TOO_LARGE");
  });

  it("parseHeader reads every field", () => {
    const h = parseHeader(gz);
    expect(h).toMatchObject({
      version: 1,
      gzip: true,
      frameCount: 150,
      fps: 30,
      width: 72,
      height: 72,
      channels: 12,
      dtype: 0,
      layout: 0,
    });
  });
});
