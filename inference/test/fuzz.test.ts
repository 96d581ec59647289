// 10,000 corrupted tensors: every one must come back as a typed outcome (ok:false with a
// code, or finite vitals), never a thrown error, a NaN or a hang.
import { describe, expect, it } from "vitest";
import { FRAME_BYTES, HEADER_BYTES, TENSOR_ERROR_CODES, analyzeBuffer, encodeTensor } from "../src/index.js";
import type { AnalyzeOutcome } from "../src/index.js";
import { seededRandom } from "../src/synth/random.js";

// 10,000 cases. Cheap corruptions (caught in the header) get the most cases; those that
// cost a full 9 MB checksum, inflate or model run get fewer, to keep the suite fast.
const RANDOM_CASES = 4000;
const TRUNCATION_CASES = 3000;
const HEADER_CASES = 2000;
const BODY_CASES = 960;
const CONTENT_CASES = 40;
// A sparse static pattern: cheap to inflate and checksum, so 10,000 cases stay fast; the
// random-content cases below exercise the signal path with garbage instead.
const frames = new Uint8Array(150 * FRAME_BYTES);
for (let i = 0; i < frames.length; i += 61) frames[i] = (i * 7) & 255;
const raw = encodeTensor(frames, { frameCount: 150, fps: 30 });
const gz = encodeTensor(frames, { frameCount: 150, fps: 30, gzip: true });
const rand = seededRandom(2024);
const int = (n: number) => Math.floor(rand() * n);
const codes = new Map<string, number>();
// Garbage content that passes the codec may still carry no pulse or no skin at all.
const EXPECTED_FAILURES: string[] = [...TENSOR_ERROR_CODES, "NO_SIGNAL", "NON_FINITE"];

async function check(buf: Uint8Array): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<"hang">((r) => {
    timer = setTimeout(() => r("hang"), 10_000);
  });
  const out = (await Promise.race([analyzeBuffer(buf), hang])) as AnalyzeOutcome | "hang";
  clearTimeout(timer);
  expect(out).not.toBe("hang");
  const o = out as AnalyzeOutcome;
  if (o.ok) {
    const { quality, ...numbers } = o.vitals;
    for (const v of Object.values(numbers)) expect(Number.isFinite(v)).toBe(true);
    // Per-vital quality: every number in it finite too.
    for (const part of Object.values(quality ?? {}))
      if (!Array.isArray(part)) for (const v of Object.values(part)) expect(Number.isFinite(v)).toBe(true);
    expect(o.vitals.confidence).toBeGreaterThanOrEqual(0.1);
    codes.set("ok", (codes.get("ok") ?? 0) + 1);
  } else {
    // A named rule, never the pipeline's catch-all INTERNAL (an exception nobody typed).
    expect(EXPECTED_FAILURES).toContain(o.error.code);
    expect(typeof o.error.message).toBe("string");
    codes.set(o.error.code, (codes.get(o.error.code) ?? 0) + 1);
  }
}

/** Mutates bytes in place, runs the check, restores them (no 9 MB copy per case). */
async function withMutation(buf: Buffer, positions: number[], values: number[]): Promise<void> {
  const saved = positions.map((p) => buf[p]);
  positions.forEach((p, i) => {
    buf[p] = values[i];
  });
  try {
    await check(buf);
  } finally {
    positions.forEach((p, i) => {
      buf[p] = saved[i];
    });
  }
}

describe("corrupted tensors", { timeout: 120_000 }, () => {
  it("random bytes (some behind a valid magic)", async () => {
    for (let i = 0; i < RANDOM_CASES; i++) {
      const b = Buffer.from(Array.from({ length: int(300) }, () => int(256)));
      if (i % 2 === 0 && b.length >= 4) b.write("RPPG", 0, "ascii");
      await check(b);
    }
  });

  it("truncations of raw and gzip payloads", async () => {
    for (let i = 0; i < TRUNCATION_CASES; i++) {
      const src = i % 2 ? raw : gz;
      await check(src.subarray(0, int(src.length)));
    }
  });

  it("flipped and rewritten header fields", async () => {
    for (let i = 0; i < HEADER_CASES; i++) {
      const src = i % 2 ? raw : gz;
      const n = 1 + int(3);
      const pos = Array.from({ length: n }, () => int(HEADER_BYTES - 4)); // capture_started_at is free-form
      const vals = pos.map((p) => (rand() < 0.5 ? src[p] ^ (1 << int(8)) : int(256)));
      await withMutation(src, pos, vals);
    }
  });

  it("corrupted bodies", async () => {
    for (let i = 0; i < BODY_CASES; i++) {
      const src = i % 8 ? raw : gz; // every gzip case inflates all 9 MB; keep them an eighth
      const pos = Array.from({ length: 1 + int(4) }, () => HEADER_BYTES + int(src.length - HEADER_BYTES));
      await withMutation(
        src,
        pos,
        pos.map((p) => src[p] ^ (1 + int(255))),
      );
    }
  });

  it("well-formed containers of random content (valid CRC)", async () => {
    const body = new Uint8Array(150 * FRAME_BYTES);
    for (let i = 0; i < CONTENT_CASES; i++) {
      // Random runs rather than i.i.d. bytes: gives the DSP flat, noisy and saturated frames.
      const mode = i % 4;
      for (let p = 0; p < body.length; p += 4096) {
        const v = int(256);
        body.fill(mode === 0 ? v : mode === 1 ? 0 : mode === 2 ? 255 : v, p, p + 4096);
        if (mode === 3) for (let k = p; k < Math.min(body.length, p + 4096); k += 97) body[k] = int(256);
      }
      const fps = 10 + rand() * 20; // 150 frames must last >= 5 s
      await check(encodeTensor(body, { frameCount: 150, fps: Math.min(fps, 30) }));
    }
  });

  it("covers many failure codes", () => {
    // The corpus must really exercise the rules, not fail at the first check.
    for (const code of [
      "BAD_MAGIC",
      "TRUNCATED",
      "BAD_BODY_LENGTH",
      "CRC_MISMATCH",
      "BAD_GZIP",
      "BAD_FPS",
      "BAD_FRAME_COUNT",
    ]) {
      expect(codes.get(code) ?? 0).toBeGreaterThan(0);
    }
    const total = RANDOM_CASES + TRUNCATION_CASES + HEADER_CASES + BODY_CASES + CONTENT_CASES;
    expect(total).toBe(10_000);
    expect([...codes.values()].reduce((a, b) => a + b, 0)).toBe(total);
  });
});
