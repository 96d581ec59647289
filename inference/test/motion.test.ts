import { describe, expect, it } from "vitest";
import type { ModelOutput } from "../src/model-runner.js";
import { motionFrames, motionMask, padFrames } from "../src/vitals/motion.js";

const T = 300,
  fps = 30;

/** Model outputs of a still, evenly lit face with a little sensor noise; `edit` adds an event. */
function still(edit: (o: ModelOutput) => void = () => {}): ModelOutput {
  let seed = 1;
  const noise = () => {
    seed = (seed * 16807) % 2147483647;
    return (seed / 2147483647 - 0.5) * 0.02;
  };
  const o: ModelOutput = {
    frames: T,
    rgbMeans: Float32Array.from({ length: T * 12 }, (_, i) => [150, 110, 90][i % 3] + noise()),
    skinFraction: new Float32Array(T * 4).fill(0.45),
    pulse: new Float32Array(T * 4),
  };
  edit(o);
  return o;
}

const masked = (mask: Uint8Array) => [...mask].map((m, t) => (m ? t : -1)).filter((t) => t >= 0);

describe("motion mask", () => {
  it("is empty for a still face", () => {
    expect(masked(motionMask(still(), fps))).toEqual([]);
  });

  it("covers an intensity excursion, padded by about a second", () => {
    const mask = motionMask(
      still((o) => {
        for (let t = 150; t < 160; t++) for (let k = 0; k < 12; k++) o.rgbMeans[t * 12 + k] *= 1.03;
      }),
      fps,
    );
    const m = masked(mask);
    expect(m[0]).toBeLessThanOrEqual(150 - 25);
    expect(m.at(-1)).toBeGreaterThanOrEqual(159 + 25);
    expect(mask[50]).toBe(0);
  });

  it("pads by the seconds asked for: half a second for series read from the means themselves", () => {
    const event = still((o) => {
      for (let t = 150; t < 160; t++) for (let k = 0; k < 12; k++) o.rgbMeans[t * 12 + k] *= 1.03;
    });
    const second = masked(motionMask(event, fps));
    const half = masked(padFrames(motionFrames(event, fps), fps, 0.5));
    expect(half[0] - second[0]).toBe(15);
    expect(second.at(-1)! - half.at(-1)!).toBe(15);
    expect(half).toContain(155);
  });

  it("covers a change of one region's skin area alone (a turn that leaves the light level flat)", () => {
    const mask = motionMask(
      still((o) => {
        for (let t = 200; t < 215; t++) o.skinFraction[t * 4] = 0.4476;
      }),
      fps,
    );
    expect(mask[207]).toBe(1);
    expect(mask[100]).toBe(0);
  });
});
