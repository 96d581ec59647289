import { describe, expect, it } from "vitest";
import { fitToTensor, measuredFps, resampledFrameCount, resampleFrames } from "./resample.js";
import { FRAME_BYTES } from "./skin-frame.js";

const PLANE = FRAME_BYTES / 12;
/** A frame whose every pixel is (v, v, v) in all regions. */
const grey = (v: number) => new Uint8Array(FRAME_BYTES).fill(v);

describe("measuredFps", () => {
  it("is the rate of the median interval, so dropped frames do not lower it", () => {
    const times = [0, 33.3, 66.7, 100, 166.7, 200, 233.3, 266.7, 333.3, 366.7];
    expect(measuredFps(times)).toBeCloseTo(30, 0);
  });
  it("follows the camera, not an assumed 30", () => {
    expect(measuredFps(Array.from({ length: 50 }, (_, i) => 1000 + i * 40))).toBeCloseTo(25, 6);
  });
  it("is not raised by jitter: a late frame followed by an early one is still two frames", () => {
    const jittery = Array.from({ length: 301 }, (_, i) => (i * 1000) / 30 + (i % 2 ? 15 : 0));
    expect(measuredFps(jittery)).toBeCloseTo(30, 1);
  });
  it("is not biased by timestamps rounded to whole milliseconds", () => {
    const rounded = Array.from({ length: 300 }, (_, i) => Math.round((i * 1000) / 30));
    expect(measuredFps(rounded)).toBeCloseTo(30, 1);
  });
});

describe("resampleFrames", () => {
  it("places output frames on a uniform grid and interpolates between captured frames in time", () => {
    // Captured at 0, 40 and 120 ms (one frame dropped), values follow time: v = 10 + t/4.
    const { data, frameCount } = resampleFrames([grey(10), grey(20), grey(40)], [0, 40, 120], 25);
    expect(frameCount).toBe(4);
    expect([0, 1, 2, 3].map((k) => data[k * FRAME_BYTES])).toEqual([10, 20, 30, 40]);
  });

  it("never blends a masked (0,0,0) pixel into a colour: it takes the nearer frame", () => {
    const a = grey(100);
    const b = grey(200);
    b[5] = 0;
    b[5 + PLANE] = 0;
    b[5 + 2 * PLANE] = 0; // pixel 5 of region 0 masked in b
    const { data } = resampleFrames([a, b], [0, 100], 30); // output at 0, 33.3, 66.7, 100 ms
    const pixel5 = (k: number) => [0, 1, 2].map((c) => data[k * FRAME_BYTES + c * PLANE + 5]);
    expect(pixel5(1)).toEqual([100, 100, 100]);
    expect(pixel5(2)).toEqual([0, 0, 0]);
    expect(data[FRAME_BYTES + 6]).toBe(133); // an unmasked neighbour is interpolated
  });

  it("spans the capture: frameCount / fps covers first to last timestamp", () => {
    const times = Array.from({ length: 301 }, (_, i) => i * (1000 / 30) + (i % 3) * 2);
    const fps = measuredFps(times);
    const { frameCount } = resampleFrames(
      times.map(() => grey(50)),
      times,
      fps,
    );
    expect(Math.abs(frameCount / fps - times[300]! / 1000)).toBeLessThanOrEqual(1 / fps);
  });
});

describe("fitToTensor", () => {
  const capture = (fps: number, seconds: number) =>
    Array.from({ length: Math.round(fps * seconds) + 1 }, (_, i) => 5000 + (i * 1000) / fps);
  const tensorOf = (times: number[], measured: number) => {
    const { keep, fps } = fitToTensor(times, measured);
    const kept = times.slice(0, keep);
    const frameCount = resampledFrameCount(kept[keep - 1]! - kept[0]!, fps);
    return { keep, fps, frameCount, seconds: frameCount / fps, spanS: (kept[keep - 1]! - kept[0]!) / 1000 };
  };

  it("leaves a capture that fits as it is", () => {
    const times = capture(30, 20);
    const t = tensorOf(times, 30);
    expect(t.keep).toBe(times.length);
    expect(t.fps).toBe(Math.fround(30));
    expect(t.frameCount).toBe(601);
  });

  it.each([
    [30, 120],
    [24, 120],
    [60, 61],
    [60, 120],
    [120, 120],
  ])("fits %d fps over %d s in 3,600 frames and 120 s, keeping nearly all of it", (rate, seconds) => {
    const t = tensorOf(capture(rate, seconds), rate);
    expect(t.frameCount).toBeLessThanOrEqual(3600);
    expect(t.seconds).toBeLessThanOrEqual(120);
    expect(t.fps).toBeGreaterThanOrEqual(10);
    expect(t.spanS).toBeGreaterThan(Math.min(seconds, 120) - 0.2);
  });

  it.each([
    [15, 6],
    [12, 9.9],
    [8, 20],
    [240, 10],
  ])("moves %d fps over %d s into 150+ frames at 10-120 fps", (rate, seconds) => {
    const t = tensorOf(capture(rate, seconds), rate);
    expect(t.frameCount).toBeGreaterThanOrEqual(150);
    expect(t.fps).toBeGreaterThanOrEqual(10);
    expect(t.fps).toBeLessThanOrEqual(120);
    expect(t.keep).toBe(capture(rate, seconds).length);
  });
});
