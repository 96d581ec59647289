// Respiratory rate from the three respiratory modulations of the pulse (Karlen et al.
// 2013): baseline (RIIV), amplitude (RIAV) and interval (RIFV). Each is resampled to
// 4 Hz and its spectrum normalised; the spectra are summed weighted by how peaked each
// is, so one clean modulation outvotes two noisy ones.
import { detrend } from "./filters.js";
import { powerSpectrum, type Spectrum } from "./spectrum.js";
import { median, resampleUniform } from "./stats.js";

const RATE = 4;
const LO_HZ = 0.1; // 6 breaths/min
const HI_HZ = 0.5; // 30 breaths/min
// The spectrum is evaluated wider than the answer range, so that a slow trend shows as
// a peak at the low edge of the wider band instead of posing as a 6 /min breath.
const VIEW_LO_HZ = 0.03;
const VIEW_HI_HZ = 0.7;
// A slow drift left after detrending leaks just inside the low edge and can outvote a
// weaker true breath. Local maxima below EDGE_HZ (8.4 /min) compete with their power
// scaled down linearly to EDGE_WEIGHT at LO_HZ; the chosen peak is refined on the
// unscaled spectrum, so the penalty never shifts a reported rate.
const EDGE_HZ = 0.14;
const EDGE_WEIGHT = 0.3;

export type RespiratoryInput = {
  baseline: Float64Array; // continuous, at `rate`
  rate: number;
  beatTimes: number[];
  amplitudes: number[];
  ibiTimes: number[];
  ibisMs: number[];
};

export type RespiratoryEstimate = { breathsPerMinute: number; peakedness: number };

export function estimateRespiration(input: RespiratoryInput): RespiratoryEstimate {
  const seconds = input.baseline.length / input.rate;
  const series: Float64Array[] = [];
  const baseTimes = Array.from({ length: input.baseline.length }, (_, i) => i / input.rate);
  series.push(resampleUniform(baseTimes, input.baseline, RATE, 0, seconds));
  if (input.beatTimes.length >= 6) series.push(resampleUniform(input.beatTimes, clipOutliers(input.amplitudes), RATE));
  if (input.ibiTimes.length >= 6) series.push(resampleUniform(input.ibiTimes, input.ibisMs, RATE));

  let fused: Spectrum | undefined;
  for (const s of series) {
    if (s.length < RATE * 4) continue;
    const sp = powerSpectrum(detrend(s), RATE, VIEW_LO_HZ, VIEW_HI_HZ, 0.002);
    const total = sp.power.reduce((a, b) => a + b, 0);
    const peak = interiorPeak(sp);
    if (!(total > 0) || !peak) continue;
    const quality = peak.power / total;
    fused ??= { freqs: sp.freqs, power: new Float64Array(sp.power.length) };
    for (let k = 0; k < sp.power.length; k++) fused.power[k] += (quality * sp.power[k]) / total;
  }
  const peak = fused && interiorPeak(fused, EDGE_WEIGHT);
  if (!fused || !peak) return { breathsPerMinute: NaN, peakedness: 0 };
  const total = fused.power.reduce((a, b) => a + b, 0);
  return { breathsPerMinute: peak.freq * 60, peakedness: peak.power / total };
}

/** Highest local maximum strictly inside the answer band (with the low-edge penalty when `edge` < 1), refined by a parabola. */
function interiorPeak(sp: Spectrum, edge = 1): { freq: number; power: number } | undefined {
  let best = -1;
  const weight = (f: number) => (f >= EDGE_HZ ? 1 : edge + ((1 - edge) * Math.max(0, f - LO_HZ)) / (EDGE_HZ - LO_HZ));
  for (let k = 1; k < sp.freqs.length - 1; k++) {
    const f = sp.freqs[k];
    if (f < LO_HZ || f > HI_HZ) continue;
    if (sp.power[k] >= sp.power[k - 1] && sp.power[k] > sp.power[k + 1] && (best < 0 || sp.power[k] * weight(f) > sp.power[best] * weight(sp.freqs[best]))) best = k;
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
