// A video codec's key frames, found in the frame-to-frame changes of the region means
// (docs/inference.md, "Compression"). Between key frames an encoder codes only what it
// must, so a region's colour drifts from the truth by whole quantisation steps; each key
// frame codes the picture afresh and puts it back. The changes into a key frame are then
// larger than the others, at the same phase of every group of pictures. Sensor noise,
// the pulse and breathing change the means just as much at every phase.
import type { ModelOutput } from "../model-runner.js";
import { median } from "../dsp/stats.js";
import { REGIONS } from "../tensor-format.js";
import { hasSkinThroughout } from "./colour-steps.js";

// The fold is one second: a phone's group of pictures (a 2 s group folds at 1 s too, its
// key frames at one phase of every other group; folding at 2 s as well doubled the phases
// noise can peak at and raised the no-codec ratios to 1.6).
const GOP_SECONDS = 1;
// The fold needs this many groups for its phase means to settle.
const MIN_GROUPS = 6;
// A change this many times the series' median is an event (a movement, a camera step),
// not a key frame: clipped so one event cannot own its phase.
const CLIP = 10;
/**
 * Key frames: the largest phase mean at least this much over the median phase mean, and
 * over its two neighbours' mean (a key frame is one frame; a pulse at exactly 60 or 120
 * bpm also folds at 1 s, but its upstroke spans several frames). Measured in
 * docs/benchmarks.md ("Compression named"): without a codec (378 synthetic scans, 60 of
 * the realistic chain) the ratio stays <= 1.54 and the sharpness <= 1.31, never both at
 * these; through the chain's codecs 90 % of scans pass both.
 */
export const KEY_FRAME_RATIO = 1.4;
export const KEY_FRAME_SHARPNESS = 1.3;

export type KeyFrameJumps = { ratio: number; sharpness: number; phase: number };

/**
 * The key-frame fold at one second: the mean size of the changes into each phase (log
 * chromaticity and log brightness of every region, each over its median change); `ratio`
 * is the largest over the median, `sharpness` the largest over its two neighbours' mean.
 * Undefined when the capture is too short to fold or shows no change.
 */
export function keyFrameJumps(out: ModelOutput, fps: number): KeyFrameJumps | undefined {
  const period = Math.round(GOP_SECONDS * fps);
  if (period < 2 || period * MIN_GROUPS > out.frames) return undefined;
  const changes = changeSeries(out);
  const sum = new Float64Array(period),
    count = new Float64Array(period);
  for (const d of changes)
    for (let t = 1; t < d.length; t++) {
      sum[t % period] += d[t];
      count[t % period]++;
    }
  const means = Array.from(sum, (s, p) => s / Math.max(1, count[p]));
  const typical = median(means);
  if (!(typical > 0)) return undefined;
  const phase = means.indexOf(Math.max(...means));
  return {
    ratio: means[phase] / typical,
    sharpness: (2 * means[phase]) / (means[(phase + period - 1) % period] + means[(phase + 1) % period]),
    phase,
  };
}

/** True when the means carry a codec's key-frame pattern. */
export function compressed(out: ModelOutput, fps: number): boolean {
  const jumps = keyFrameJumps(out, fps);
  return !!jumps && jumps.ratio >= KEY_FRAME_RATIO && jumps.sharpness >= KEY_FRAME_SHARPNESS;
}

/**
 * Per region with skin in every frame: |change| into each frame (index t: frame t - 1 to
 * t) of log(R/G), log(B/G) and log(R+G+B), over that series' median change, clipped.
 */
function changeSeries(out: ModelOutput): Float64Array[] {
  const T = out.frames;
  const series: Float64Array[] = [];
  for (let r = 0; r < REGIONS; r++) {
    if (!hasSkinThroughout(out, r)) continue;
    const at = (t: number, c: number) => out.rgbMeans[(t * REGIONS + r) * 3 + c];
    const views = [
      (t: number) => Math.log(at(t, 0) / at(t, 1)),
      (t: number) => Math.log(at(t, 2) / at(t, 1)),
      (t: number) => Math.log(at(t, 0) + at(t, 1) + at(t, 2)),
    ];
    for (const view of views) {
      const d = new Float64Array(T);
      for (let t = 1; t < T; t++) d[t] = Math.abs(view(t) - view(t - 1));
      const typical = median(Array.from(d.subarray(1)));
      if (!(typical > 0)) continue;
      for (let t = 1; t < T; t++) d[t] = Math.min(CLIP, d[t] / typical);
      series.push(d);
    }
  }
  return series;
}
