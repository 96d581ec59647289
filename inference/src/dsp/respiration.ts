// Respiratory rate from the three respiratory modulations of the pulse (Karlen et al.
// 2013): baseline (RIIV), amplitude (RIAV) and interval (RIFV). Each keeps only the
// samples that exist (motion segments and dropped beats leave gaps, not interpolated
// ramps), its Lomb-Scargle spectrum is normalised, and the spectra are summed weighted by
// how peaked each is, so one clean modulation outvotes two noisy ones. The baseline comes
// in two colour projections (POS and PBV: docs/inference.md, "Respiratory rate"), each a
// series of its own: they fail in different scans.
import { lombScargle, type Spectrum } from "./spectrum.js";
import { median } from "./stats.js";

const RATE = 4;
// The answer band, 6-30 breaths/min, searched with a margin: a true 30 /min peak sits on the
// edge and, refined, can fall just outside it, and a true 6 /min breath (two cycles in a
// 20 s span, a line and a taper removed) peaks at 5.2-5.6 /min; outside the band the search
// went to whatever other peak there was (11-26 /min read for 6). Reported within 6-30.
const LO_HZ = 0.09;
const HI_HZ = 0.51;
const MIN_BPM = 6;
const MAX_BPM = 30;
// The spectrum is evaluated wider than the answer range, so that a slow trend shows as
// a peak at the low edge of the wider band instead of posing as a 6 /min breath.
const VIEW_LO_HZ = 0.03;
const VIEW_HI_HZ = 0.7;

export type RespiratoryInput = {
  /**
   * Blood-volume baselines (RIIV), continuous at `rate`: one or more estimates of the same
   * modulation by different colour projections, each its own series in the fusion.
   */
  baselines: Float64Array[];
  /** 1 where the baseline may be used (away from motion segments); all usable if absent. */
  baselineUsable?: Uint8Array;
  rate: number;
  beatTimes: number[];
  amplitudes: number[];
  ibiTimes: number[];
  ibisMs: number[];
};

export type RespiratoryEstimate = {
  breathsPerMinute: number;
  peakedness: number;
  /** Index of the most peaked of `baselines` (the one to show as the breathing waveform). */
  clearestBaseline: number;
};

type Series = { t: number[]; v: number[] };

export function estimateRespiration(input: RespiratoryInput): RespiratoryEstimate {
  const series: Series[] = input.baselines.map((b) => baselineSeries(b, input));
  if (input.beatTimes.length >= 6) series.push({ t: input.beatTimes, v: clipOutliers(input.amplitudes) });
  if (input.ibiTimes.length >= 6) series.push({ t: input.ibiTimes, v: input.ibisMs });

  let fused: Spectrum | undefined;
  let clearestBaseline = 0,
    clearest = -1;
  for (const [index, s] of series.entries()) {
    if (s.t.length < 6 || s.t[s.t.length - 1] - s.t[0] < 4) continue;
    const sp = lombScargle(s.t, windowed(s), VIEW_LO_HZ, VIEW_HI_HZ, 0.002);
    const total = sp.power.reduce((a, b) => a + b, 0);
    const peak = interiorPeak(sp);
    if (!(total > 0) || !peak) continue;
    const quality = peak.power / total;
    if (index < input.baselines.length && quality > clearest) [clearest, clearestBaseline] = [quality, index];
    fused ??= { freqs: sp.freqs, power: new Float64Array(sp.power.length) };
    for (let k = 0; k < sp.power.length; k++) fused.power[k] += (quality * sp.power[k]) / total;
  }
  const peak = fused && interiorPeak(fused);
  // Too little left between motion segments (a short or restless scan): every baseline sample
  // is better than no estimate; confidence already reflects the motion.
  if ((!fused || !peak) && input.baselineUsable) return estimateRespiration({ ...input, baselineUsable: undefined });
  if (!fused || !peak) return { breathsPerMinute: NaN, peakedness: 0, clearestBaseline };
  const total = fused.power.reduce((a, b) => a + b, 0);
  const breathsPerMinute = Math.min(MAX_BPM, Math.max(MIN_BPM, peak.freq * 60));
  return { breathsPerMinute, peakedness: peak.power / total, clearestBaseline };
}

/** The usable baseline samples, thinned to about RATE Hz (it is band-limited to 0.7 Hz). */
function baselineSeries(baseline: Float64Array, input: RespiratoryInput): Series {
  const step = Math.max(1, Math.round(input.rate / RATE));
  const out: Series = { t: [], v: [] };
  for (let i = 0; i < baseline.length; i += step) {
    if (input.baselineUsable && !input.baselineUsable[i]) continue;
    out.t.push(i / input.rate);
    out.v.push(baseline[i]);
  }
  return out;
}

/** Least-squares line removed, then a Hann taper over the series' time span (less leakage). */
function windowed({ t, v }: Series): number[] {
  const n = t.length;
  const tm = t.reduce((a, b) => a + b, 0) / n,
    vm = v.reduce((a, b) => a + b, 0) / n;
  let sxy = 0,
    sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (t[i] - tm) * (v[i] - vm);
    sxx += (t[i] - tm) ** 2;
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
  const start = t[0],
    span = t[n - 1] - t[0] || 1;
  return v.map(
    (x, i) => (x - vm - slope * (t[i] - tm)) * (0.5 - 0.5 * Math.cos((2 * Math.PI * (t[i] - start)) / span)),
  );
}

/**
 * Highest local maximum strictly inside the answer band, refined by a parabola. (A penalty
 * on peaks below 8.4 /min, once added against slow drift, read true 6 /min breathing as
 * 17 /min once the set reached down to 6 /min; it is gone.)
 */
function interiorPeak(sp: Spectrum): { freq: number; power: number } | undefined {
  let best = -1;
  for (let k = 1; k < sp.freqs.length - 1; k++) {
    const f = sp.freqs[k];
    if (f < LO_HZ || f > HI_HZ) continue;
    if (sp.power[k] >= sp.power[k - 1] && sp.power[k] > sp.power[k + 1] && (best < 0 || sp.power[k] > sp.power[best]))
      best = k;
  }
  if (best < 0) return undefined;
  const [a, b, c] = [sp.power[best - 1], sp.power[best], sp.power[best + 1]];
  const d = a - 2 * b + c;
  const offset = d < 0 ? (0.5 * (a - c)) / d : 0;
  return { freq: sp.freqs[best] + offset * (sp.freqs[1] - sp.freqs[0]), power: b };
}

/** Beat amplitudes next to a missed beat or artefact are outliers; clip them to 3 MAD. */
function clipOutliers(x: number[]): number[] {
  const m = median(x);
  const mad = 1.4826 * median(x.map((v) => Math.abs(v - m))) || 1e-12;
  return x.map((v) => Math.min(m + 3 * mad, Math.max(m - 3 * mad, v)));
}
