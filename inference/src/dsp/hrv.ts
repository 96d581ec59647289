// Beat times, cleaned intervals and SDNN corrected for timing noise.
//
// Noise in the pulse jitters every detected beat by some sigma, which inflates the
// measured interval variance by 2*sigma^2 (each interval has two noisy ends). We
// measure sigma instead of guessing it: the regions' sensor noise is independent, so
// timing the same beats on two disjoint halves of the regions and comparing gives
// var(A - B) = sA^2 + sB^2, and the fused signal's jitter is about a quarter of that.
import { cleanIntervals, detectBeats, type CleanIntervals } from "./beats.js";
import { mean, median } from "./stats.js";
import { alignToTemplate, beatTemplate } from "./template-timing.js";
import { sdnn } from "../synth/physiology.js";

/**
 * How far (bpm) the beat-interval rate may sit from the spectral peak and still be the rate
 * reported: the mean interval over many beats is far finer than the peak, and on a real pulse
 * whose rate drifts over the capture the two differ by up to ~6 bpm (the Welltory PPG). When
 * the two halves of the regions time the same beats more than 20 ms apart, beats are being
 * missed or timed on noise, and a gap over 3 bpm is the beats' error: on the synthetic draws
 * at high noise the spectral rate was the closer one (docs/history/benchmarks-diary.md, "Beat
 * rate or spectral rate").
 */
function beatRateTolerance(jitterMs: number): number {
  return jitterMs > 20 ? 3 : 6;
}

export type BeatAnalysis = {
  heartRate: number; // bpm
  /** |beat-interval rate - spectral rate| in bpm; NaN with fewer than 5 clean intervals. */
  methodGapBpm: number;
  times: number[];
  beatTimesForAmplitude: number[];
  amplitudes: number[];
  intervals: CleanIntervals;
  jitterMs: number; // estimated timing noise of one fused beat
  sdnnMs: number; // noise-corrected
};

export function analyseBeats(
  fused: Float64Array,
  halves: Float64Array[] | undefined,
  rate: number,
  pulseHz: number,
  mask?: Uint8Array,
): BeatAnalysis {
  const initial = detectBeats(fused, rate, pulseHz);
  let times = initial.times;
  const tpl = beatTemplate(fused, rate, times, pulseHz);
  if (tpl) times = alignToTemplate(fused, rate, times, tpl).filter(Number.isFinite);

  let jitterMs = 0;
  if (tpl && halves && halves.length === 2) {
    // Each half searches a quarter of a beat (at least 0.1 s) around the fused beat: a fixed
    // 0.1 s capped the measured jitter near 40 ms, and on a slow pulse in noise the halves
    // disagree by more, so noise passed for HRV (docs/history/benchmarks-diary.md, "HRV timing noise").
    const reach = Math.max(0.1, 0.25 / pulseHz);
    const a = alignToTemplate(halves[0], rate, times, tpl, reach);
    const b = alignToTemplate(halves[1], rate, times, tpl, reach);
    const diffs = a.map((t, i) => t - b[i]).filter(Number.isFinite);
    if (diffs.length >= 5) {
      const centre = median(diffs);
      // SD of the differences after dropping gross mismatches (a beat timed on the wrong
      // bump in one half): the MAD alone under-counts the heavier-than-Gaussian tails.
      const robust = 1.4826 * median(diffs.map((d) => Math.abs(d - centre)));
      const kept = diffs.filter((d) => Math.abs(d - centre) <= 4 * robust);
      const sd = Math.sqrt(kept.reduce((a, d) => a + (d - centre) ** 2, 0) / Math.max(1, kept.length));
      jitterMs = (sd * 1000) / 2;
    }
  }
  const intervals = cleanIntervals(times, mask ? (a, b) => spansMask(mask, a * rate, b * rate) : undefined);
  const measured = sdnn(tightIntervals(intervals.ibisMs, 0.2));
  // Never correct below 40 % of the measurement: if noise explains nearly all of it,
  // the honest answer is "small", and confidence already says the scan is noisy.
  const corrected = Math.sqrt(Math.max(measured ** 2 - 2 * jitterMs ** 2, (0.4 * measured) ** 2));
  // Amplitudes of beats inside motion segments measure the motion, not the breath.
  const keep = initial.times.map((t) => !mask?.[Math.min(mask.length - 1, Math.round(t * rate))]);
  const spectralHr = pulseHz * 60;
  const beatHr = intervals.ibisMs.length >= 5 ? 60000 / mean(intervals.ibisMs) : NaN;
  return {
    heartRate: Math.abs(beatHr - spectralHr) < beatRateTolerance(jitterMs) ? beatHr : spectralHr,
    methodGapBpm: Math.abs(beatHr - spectralHr),
    times,
    beatTimesForAmplitude: initial.times.filter((_, i) => keep[i]),
    amplitudes: initial.amplitudes.filter((_, i) => keep[i]),
    intervals,
    jitterMs,
    sdnnMs: corrected,
  };
}

function spansMask(mask: Uint8Array, from: number, to: number): boolean {
  for (let i = Math.max(0, Math.floor(from)); i <= Math.min(mask.length - 1, Math.ceil(to)); i++)
    if (mask[i]) return true;
  return false;
}

/**
 * Intervals within `fraction` of the median of their neighbours (+-3). Used for SDNN only:
 * in noise a beat timed on the wrong bump moves two adjacent intervals in opposite
 * directions by a large share; the cleaning above keeps those up to 22 % off, enough to
 * inflate SDNN, while rate and respiration still use every cleaned interval.
 */
function tightIntervals(ibis: number[], fraction: number): number[] {
  const kept = ibis.filter((ibi, i) => {
    const local = ibis.slice(Math.max(0, i - 3), i + 4).sort((a, b) => a - b);
    const m = local[local.length >> 1];
    return Math.abs(ibi - m) < fraction * m;
  });
  return kept.length >= 5 ? kept : ibis;
}
