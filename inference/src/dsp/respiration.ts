// Respiratory rate from the three respiratory modulations of the pulse (Karlen et al.
// 2013): baseline (RIIV), amplitude (RIAV) and interval (RIFV). Each is resampled to
// 4 Hz, its spectrum normalised, and the spectra summed weighted by how peaked each
// is, so one clean modulation outvotes two noisy ones.
import { detrend } from "./filters.js";
import { powerSpectrum, spectralPeak } from "./spectrum.js";
import { resampleUniform } from "./stats.js";

const RATE = 4;
const LO_HZ = 0.1; // 6 breaths/min
const HI_HZ = 0.5; // 30 breaths/min

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
  if (input.beatTimes.length >= 6) series.push(resampleUniform(input.beatTimes, input.amplitudes, RATE));
  if (input.ibiTimes.length >= 6) series.push(resampleUniform(input.ibiTimes, input.ibisMs, RATE));

  let fused: Float64Array | undefined;
  let freqs: Float64Array | undefined;
  for (const s of series) {
    if (s.length < RATE * 4) continue;
    const sp = powerSpectrum(detrend(s), RATE, LO_HZ, HI_HZ, 0.002);
    const total = sp.power.reduce((a, b) => a + b, 0);
    if (!(total > 0)) continue;
    const peak = spectralPeak(sp).power / total;
    fused ??= new Float64Array(sp.power.length);
    freqs = sp.freqs;
    for (let k = 0; k < sp.power.length; k++) fused[k] += (peak * sp.power[k]) / total;
  }
  if (!fused || !freqs) return { breathsPerMinute: NaN, peakedness: 0 };
  const total = fused.reduce((a, b) => a + b, 0);
  const peak = spectralPeak({ freqs, power: fused });
  return { breathsPerMinute: peak.freq * 60, peakedness: total > 0 ? peak.power / total : 0 };
}
