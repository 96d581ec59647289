// Video-codec groups of pictures (docs/inference.md, "Limits"). An encoder codes a key frame
// afresh every second or two, and the colour differences follow the same small pattern in
// every group: a component at exactly 1/GOP Hz and its multiples, shared by every region.
// With the usual 1 s GOP that is 60 bpm. A comb strong enough is found and removed first
// (gop.ts); this fold test, on what is left, still distrusts a rate on a 1 s or 2 s pattern.
import type { ModelOutput } from "../model-runner.js";
import { median, movingMean } from "../dsp/stats.js";
import { REGIONS } from "../tensor-format.js";

// Folded means of noise have 1/periods of its variance; this many times more is a pattern.
const STRENGTH = 3;
// Group-of-pictures lengths phones and browsers use, in seconds.
const GOP_SECONDS = [1, 2];

/**
 * True when the POS signals repeat with a 1 s or 2 s period (more than noise allows) and
 * the rate lies within 8 bpm of a multiple of that repetition rate.
 */
export function onKeyFramePattern(out: ModelOutput, fps: number, rateBpm: number): boolean {
  const T = out.frames;
  const columns = Array.from({ length: REGIONS }, (_, r) =>
    Float64Array.from({ length: T }, (_, t) => out.pulse[t * REGIONS + r]),
  );
  return GOP_SECONDS.some((seconds) => {
    const period = Math.round(seconds * fps);
    if (period * 6 > T) return false;
    const base = 60 / seconds;
    const k = Math.round(rateBpm / base);
    if (k < 1 || Math.abs(rateBpm - k * base) > 8) return false;
    const z = columns.reduce((a, x) => a + foldStrength(x, period), 0) / columns.length;
    return z > STRENGTH;
  });
}

/** Variance of the per-phase means over what noise would leave them (1 for noise). */
function foldStrength(x: Float64Array, period: number): number {
  const trend = movingMean(x, period);
  const hp = x.map((v, t) => v - trend[t]);
  const limit = 4 * 1.4826 * median(Array.from(hp, Math.abs)); // camera events would own the fold
  const fold = new Float64Array(period),
    count = new Float64Array(period);
  let rest = 0,
    n = 0;
  hp.forEach((v, t) => {
    if (Math.abs(v) <= limit) {
      fold[t % period] += v;
      count[t % period]++;
      rest += v * v;
      n++;
    }
  });
  let spread = 0;
  for (let p = 0; p < period; p++) spread += (fold[p] / Math.max(1, count[p])) ** 2 / period;
  return n ? (spread * (x.length / period)) / Math.max(1e-12, rest / n) : 0;
}
