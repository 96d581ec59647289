// The power the regions share (the cross-region spectrum) and the measures read from it:
// what the rate-choice rules (rate-choice.ts) and confidence (confidence.ts) weigh.
import { pulseSnrDb, spectralPeak } from "../dsp/spectrum.js";
import { median } from "../dsp/stats.js";
import type { RegionPulse } from "./pulse-candidates.js";

// sharedFloor of a peak: in broadband shared power (>= 0.06) or clear (< 0.03).
export const JUNK_FLOOR = 0.06;
export const CLEAR_FLOOR = 0.03;

/**
 * |sum Y_r|^2 - sum |Y_r|^2 over the regions' skin-weighted rate spectra: the power the regions
 * share, free of their independent sensor noise (fuseCandidates says why).
 */
export function crossRegionScore(usable: RegionPulse[]): { freqs: Float64Array; score: Float64Array } {
  const { freqs } = usable[0].rateSpectrum!;
  const n = freqs.length;
  const regions = [...new Set(usable.map((c) => c.region))];
  const sumRe = new Float64Array(n),
    sumIm = new Float64Array(n),
    auto = new Float64Array(n);
  for (const r of regions) {
    const re = new Float64Array(n),
      im = new Float64Array(n);
    for (const c of usable.filter((u) => u.region === r)) {
      const skinFactor = Math.min(1, c.skin / 0.2);
      for (let k = 0; k < n; k++) {
        re[k] += skinFactor * c.rateSpectrum!.re[k];
        im[k] += skinFactor * c.rateSpectrum!.im[k];
      }
    }
    for (let k = 0; k < n; k++) {
      sumRe[k] += re[k];
      sumIm[k] += im[k];
      auto[k] += re[k] ** 2 + im[k] ** 2;
    }
  }
  // With a single region there are no cross terms; fall back to its own power.
  const score = sumRe.map((v, k) => (regions.length > 1 ? v * v + sumIm[k] ** 2 - auto[k] : auto[k]));
  return { freqs, score };
}

/**
 * Index of the highest local maximum of `score` at a frequency `above` accepts and not at
 * twice or three times `f0`; -1 when there is none.
 */
export function strongestLineAbove(
  freqs: Float64Array,
  score: Float64Array,
  f0: number,
  above: (f: number) => boolean,
): number {
  let best = -1;
  for (let k = 1; k < freqs.length - 1; k++) {
    const harmonic = [2, 3].some((h) => Math.abs(freqs[k] - h * f0) <= 0.06);
    if (!above(freqs[k]) || harmonic || score[k] < score[k - 1] || score[k] < score[k + 1]) continue;
    if (best < 0 || score[k] > score[best]) best = k;
  }
  return best;
}

/** The peak within two bins of `k`, parabola-refined. */
export function refinedAt(freqs: Float64Array, score: Float64Array, k: number) {
  return spectralPeak({ freqs, power: score.map((v, i) => (Math.abs(i - k) <= 2 ? v : 0)) });
}

/** De Haan's SNR (spectrum.ts pulseSnrDb) of the shared power, its negative bins as 0. */
export function sharedSnrDb(freqs: Float64Array, score: Float64Array, f0: number): number {
  return pulseSnrDb({ freqs, power: score.map((v) => Math.max(0, v)) }, f0);
}

/**
 * Shared power within 0.08 Hz of the rate and of every harmonic in the band, over the rest of
 * the band's, in dB. A slow pulse with a sharp systolic wave keeps much of its power in its
 * third and higher harmonics, which pulseSnrDb counts as noise; broadband shared power (a
 * codec's smearing, camera events' transients) has no such lines.
 */
export function harmonicSnrDb(freqs: Float64Array, score: Float64Array, f0: number): number {
  let signal = 0,
    rest = 0;
  for (let k = 0; k < freqs.length; k++) {
    const p = Math.max(0, score[k]);
    const h = Math.round(freqs[k] / f0);
    if (h >= 1 && Math.abs(freqs[k] - h * f0) <= 0.08) signal += p;
    else rest += p;
  }
  return 10 * Math.log10((signal + 1e-30) / (rest + 1e-30));
}

/**
 * The typical (median) size of the shared power 0.15-0.5 Hz either side of the rate, over
 * the rate's own. The regions' sensor noise is independent, so around a pulse the shared
 * power is ~0 however noisy the regions are; a video codec's damage is shared by every
 * region and broadband (a hump at 35-65 bpm through H.264 at phone bitrates), so a peak
 * picked in it stands only a few times above its surroundings.
 */
export function sharedFloor(freqs: Float64Array, score: Float64Array, f0: number): number {
  const around: number[] = [];
  for (let k = 0; k < freqs.length; k++) {
    const d = Math.abs(freqs[k] - f0);
    if (d >= 0.15 && d <= 0.5 && Math.abs(freqs[k] - 2 * f0) > 0.15 && Math.abs(freqs[k] - f0 / 2) > 0.15)
      around.push(Math.abs(score[k]));
  }
  const own = powerNear(freqs, score, f0);
  return around.length && own > 0 ? median(around) / own : 1;
}

export function powerNear(freqs: Float64Array, score: Float64Array, f: number): number {
  let best = 0;
  for (let k = 0; k < freqs.length; k++) if (Math.abs(freqs[k] - f) <= 0.05) best = Math.max(best, score[k]);
  return best;
}

/**
 * The strongest rival: the highest cross-region power at least 0.12 Hz (7 bpm) from the
 * chosen rate and not at its harmonics (2f, 3f support the choice), over the chosen
 * rate's power. Near 1 the rate is a coin toss between two peaks (a sub-harmonic, motion,
 * a codec artefact); confidence must say so.
 */
export function rivalRatio(freqs: Float64Array, score: Float64Array, f0: number): number {
  let own = 0,
    rival = 0;
  for (let k = 0; k < freqs.length; k++) {
    const f = freqs[k];
    if (Math.abs(f - f0) <= 0.05) own = Math.max(own, score[k]);
    const harmonic = [2, 3].some((h) => Math.abs(f - h * f0) <= 0.12);
    if (
      Math.abs(f - f0) >= 0.12 &&
      !harmonic &&
      k > 0 &&
      k < freqs.length - 1 &&
      score[k] >= score[k - 1] &&
      score[k] >= score[k + 1]
    )
      rival = Math.max(rival, score[k]);
  }
  return own > 0 ? Math.min(1, Math.max(0, rival) / own) : 1;
}
