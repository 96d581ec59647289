import { describe, expect, it } from "vitest";
import type { ModelOutput } from "../src/model-runner.js";
import { gaussian, seededRandom } from "../src/synth/random.js";
import { compressed, keyFrameJumps } from "../src/vitals/compression.js";
import { REGIONS } from "../src/tensor-format.js";

const SKIN = [170, 120, 95];

/**
 * Region means of `seconds` at `fps`: skin colour with sensor noise (0.05 % per frame),
 * times 1 + `wave(t)` in every channel (a pulse), plus `colourError(t)` on blue.
 */
function means(
  fps: number,
  seconds: number,
  wave: (t: number) => number,
  colourError: (frame: number) => number = () => 0,
): ModelOutput {
  const T = Math.round(fps * seconds);
  const noise = gaussian(seededRandom(7));
  const rgbMeans = new Float32Array(T * REGIONS * 3);
  for (let t = 0; t < T; t++)
    for (let r = 0; r < REGIONS; r++)
      for (let c = 0; c < 3; c++)
        rgbMeans[(t * REGIONS + r) * 3 + c] =
          SKIN[c] * (1 + wave(t / fps) + 0.0005 * noise()) * (c === 2 ? 1 + colourError(t) : 1);
  return {
    frames: T,
    rgbMeans,
    skinFraction: new Float32Array(T * REGIONS).fill(0.8),
    pulse: new Float32Array(T * REGIONS),
  };
}

// A pulse with a steep upstroke (0.1 s) and a slow fall, its beat intervals varying by
// `sdnnMs` as a heart's do: its changes are larger at some phases of every beat.
const pulse = (bpm: number, sdnnMs = 30) => {
  const jitter = gaussian(seededRandom(bpm));
  const beats = [0];
  while (beats[beats.length - 1] < 60) beats.push(beats[beats.length - 1] + 60 / bpm + (sdnnMs / 1000) * jitter());
  return (s: number) => {
    let k = 0;
    while (beats[k + 1] <= s) k++;
    const since = s - beats[k],
      interval = beats[k + 1] - beats[k];
    return 0.004 * (since < 0.1 ? since / 0.1 : 1 - (since - 0.1) / (interval - 0.1));
  };
};

describe("key frames in the region means (docs/inference.md, Compression)", () => {
  it("finds none in sensor noise and a pulse", () => {
    for (const fps of [15, 24, 30, 60]) expect(compressed(means(fps, 20, pulse(83)), fps)).toBe(false);
  });

  // A pulse at 60 bpm repeats with the 1 s fold too: its upstroke spans frames (and wanders
  // with each beat's timing), a key frame does not.
  it("does not take a 60 or 120 bpm pulse for key frames", () => {
    for (const [bpm, sdnn] of [
      [60, 30],
      [60, 15],
      [120, 15],
    ]) {
      const out = means(30, 20, pulse(bpm, sdnn));
      const jumps = keyFrameJumps(out, 30);
      expect(jumps).toBeDefined();
      expect(compressed(out, 30)).toBe(false);
    }
  });

  // A codec holds a colour between key frames and drifts from the truth by a whole step at
  // some frame of the group; each key frame (every 30th frame) puts it back.
  it("finds a colour error that resets every second, at the key frame's phase", () => {
    const fps = 30;
    const rand = seededRandom(11);
    const onsets = Array.from({ length: 20 }, () => 3 + Math.floor(rand() * 25));
    const error = (frame: number) => (frame % fps >= onsets[Math.floor(frame / fps)] ? 0.002 : 0);
    const out = means(fps, 20, pulse(83), error);
    const jumps = keyFrameJumps(out, fps);
    expect(jumps?.phase).toBe(0);
    expect(jumps?.ratio).toBeGreaterThan(1.4);
    expect(compressed(out, fps)).toBe(true);
  });

  it("needs six groups to fold", () => {
    expect(
      keyFrameJumps(
        means(30, 5, pulse(83), (f) => (f % 30 >= 12 ? 0.002 : 0)),
        30,
      ),
    ).toBeUndefined();
  });
});
