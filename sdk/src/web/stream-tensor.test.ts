import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32 } from "../encode-tensor.js";
import { inspectTensor } from "../tensor.js";
import { measuredFps, resampleFrames } from "./resample.js";
import { FRAME_BYTES } from "./skin-frame.js";
import { LOCK_FRAMES, StreamingTensor } from "./stream-tensor.js";

/** A camera at ~30 fps with jitter and one dropped frame; each frame's pixels vary with time. */
function capture(count: number) {
  const timestamps: number[] = [];
  const frames: Uint8Array[] = [];
  for (let i = 0, t = 1000; i < count; i++) {
    t += i === 100 ? 66.7 : 33.3 + (i % 3) - 1;
    timestamps.push(t);
    const f = new Uint8Array(FRAME_BYTES);
    for (let p = 0; p < FRAME_BYTES; p += 97) f[p] = 1 + ((i * 7 + p) % 250);
    frames.push(f);
  }
  return { frames, timestamps };
}

describe("StreamingTensor", () => {
  it("makes, frame by frame, the body the whole-capture resampler makes at the same rate, gzipped, with its CRC in a valid header", async () => {
    const { frames, timestamps } = capture(200);
    const out: Uint8Array[] = [];
    const stream = new StreamingTensor((b) => out.push(b), 20);
    // Two unusable frames first: the tensor starts at the first usable one.
    stream.push(new Uint8Array(FRAME_BYTES), 900, false);
    stream.push(new Uint8Array(FRAME_BYTES), 950, false);
    for (const [i, f] of frames.entries()) stream.push(f, timestamps[i]!, true);
    const end = await stream.end(2_000_000_000);
    expect(end).not.toBeNull();
    const fps = Math.fround(measuredFps(timestamps.slice(0, LOCK_FRAMES)));
    const expected = resampleFrames(frames, timestamps, fps);
    const body = gunzipSync(Buffer.concat(out));
    expect(end!.frameCount).toBe(expected.frameCount);
    expect(end!.fps).toBe(fps);
    expect(Buffer.compare(body, expected.data)).toBe(0);
    expect(end!.timestamps).toEqual(timestamps);
    const tensor = new Uint8Array(Buffer.concat([end!.header, ...out]));
    const inspected = inspectTensor(tensor);
    expect(inspected.ok && inspected.header).toMatchObject({ gzip: true, frameCount: expected.frameCount, fps });
    expect(new DataView(end!.header.buffer).getUint32(28, true)).toBe(crc32(expected.data));
  });

  it("gives up (null, with the reason) on a capture shorter than a tensor, or one whose rate does not fit", async () => {
    const { frames, timestamps } = capture(100);
    const short = new StreamingTensor(() => undefined, 20);
    for (const [i, f] of frames.entries()) short.push(f, timestamps[i]!, true);
    expect(await short.end(0)).toBeNull();
    expect(short.unusable).toMatch(/not a tensor/);
    const long = new StreamingTensor(() => undefined, 120);
    for (const [i, f] of frames.entries()) long.push(f, timestamps[i]!, true);
    expect(long.unusable).toMatch(/does not fit/);
    expect(await long.end(0)).toBeNull();
  });
});
