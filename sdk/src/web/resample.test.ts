import { describe, expect, it } from "vitest";
import { measuredFps, resampleFrames } from "./resample.js";
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
