// Pulse candidates (per region and extraction method), their quality, and fusion.
import type { ModelOutput } from "../model-runner.js";
import { bandPass } from "../dsp/filters.js";
import { motionFreePbv } from "../dsp/pbv.js";
import { powerSpectrum, pulseSnrDb, spectralPeak, type ComplexSpectrum } from "../dsp/spectrum.js";
import { mean, std } from "../dsp/stats.js";
import { REGIONS } from "../tensor-format.js";
import { bridgeMasked } from "./motion.js";

export const PULSE_LO_HZ = 0.7; // 42 bpm
export const PULSE_HI_HZ = 3.5; // 210 bpm
const GRID_HZ = 0.01; // 0.6 bpm grid; a 24 s Hann main lobe spans ~8 points, so the parabola is exact enough

export type RegionPulse = {
  region: number;
  method: "pos" | "pbv" | "pbv-still";
  signal: Float64Array; // band-passed, unit variance
  spectrum?: ComplexSpectrum;
  freq: number; // own spectral peak
  snrDb: number; // at the fused rate
  skin: number; // mean skin fraction
  weight: number;
};

export type FusedPulse = {
  signal: Float64Array;
  freq: number;
  snrDb: number;
  agreement: number; // weighted share of candidates whose own peak matches the fused rate
  coherence: number; // correlation of two halves of the regions (independent sensor noise)
};

export function column(data: Float32Array, stride: number, offset: number, frames: number): Float64Array {
  const out = new Float64Array(frames);
  for (let t = 0; t < frames; t++) out[t] = data[t * stride + offset];
  return out;
}

export function pulseCandidates(out: ModelOutput, fps: number, mask: Uint8Array): RegionPulse[] {
  const list: RegionPulse[] = [];
  // A refit of the model's PBV on the still frames (dsp/pbv.ts), where the model gives PBV
  // and the capture has movement; without movement the refit would be the model's PBV.
  const still = out.pulsePbv && mask.some((m) => m) ? motionFreePbv(out, fps, mask) : undefined;
  for (let r = 0; r < REGIONS; r++) {
    const skin = mean(column(out.skinFraction, REGIONS, r, out.frames));
    const candidate = (method: RegionPulse["method"], data: Float32Array) => {
      const c = regionCandidate(column(data, REGIONS, r, out.frames), fps, mask, r, method, skin);
      list.push(c);
      return c;
    };
    candidate("pos", out.pulse);
    const pbv = out.pulsePbv && candidate("pbv", out.pulsePbv);
    if (still && pbv?.spectrum) candidate("pbv-still", still);
  }
  return list;
}

function regionCandidate(raw: Float64Array, fps: number, mask: Uint8Array, region: number, method: RegionPulse["method"], skin: number): RegionPulse {
  const filtered = bandPass(bridgeMasked(raw, mask), fps, PULSE_LO_HZ - 0.1, PULSE_HI_HZ + 0.5);
  const s = std(filtered);
  const usable = s > 1e-9 && skin >= 0.02 && filtered.every(Number.isFinite);
  if (usable) for (let i = 0; i < filtered.length; i++) filtered[i] /= s;
  const spectrum = usable ? powerSpectrum(filtered, fps, PULSE_LO_HZ, PULSE_HI_HZ, GRID_HZ) : undefined;
  return {
    region, method, skin, spectrum,
    signal: usable ? filtered : new Float64Array(raw.length),
    freq: spectrum ? spectralPeak(spectrum).freq : NaN,
    snrDb: -30,
    weight: 0,
  };
}

/**
 * Two passes. The rate comes from the cross-region spectrum |sum Y_r|^2 - sum |Y_r|^2:
 * only products between different regions remain, and since the regions' sensor noise
 * is independent those average to zero while the shared pulse adds up. Then each
 * candidate is weighted by its SNR at that rate, so a region whose own peak is noise
 * gets no say.
 */
export function fuseCandidates(cands: RegionPulse[], fps: number, frames: number, mask?: Uint8Array): FusedPulse | undefined {
  const usable = cands.filter((c) => c.spectrum);
  if (!usable.length) return undefined;
  const f0 = crossRegionPeak(usable, fps);
  for (const c of usable) {
    c.snrDb = pulseSnrDb(c.spectrum!, f0);
    c.weight = Math.pow(10, c.snrDb / 10) * Math.min(1, c.skin / 0.2);
  }
  const signal = weightedSum(usable, frames);
  if (!signal) return undefined;
  const sp = powerSpectrum(signal, fps, PULSE_LO_HZ, PULSE_HI_HZ, GRID_HZ);
  // Refine on the fused signal, but only near the rate the candidates agreed on.
  const near = sp.power.map((p, k) => (Math.abs(sp.freqs[k] - f0) <= 0.13 ? p : 0));
  const freq = spectralPeak({ freqs: sp.freqs, power: near }).freq;
  const totalWeight = usable.reduce((a, c) => a + c.weight, 0);
  const agree = usable.filter((c) => Math.abs(c.freq - freq) * 60 < 5).reduce((a, c) => a + c.weight, 0);
  return { signal, freq, snrDb: pulseSnrDb(sp, freq), agreement: agree / totalWeight, coherence: halvesCorrelation(usable, frames, mask) };
}

function crossRegionPeak(usable: RegionPulse[], fps: number): number {
  const { freqs } = usable[0].spectrum!;
  const n = freqs.length;
  const regions = [...new Set(usable.map((c) => c.region))];
  const sumRe = new Float64Array(n), sumIm = new Float64Array(n), auto = new Float64Array(n);
  for (const r of regions) {
    const re = new Float64Array(n), im = new Float64Array(n);
    for (const c of usable.filter((u) => u.region === r)) {
      const skinFactor = Math.min(1, c.skin / 0.2);
      for (let k = 0; k < n; k++) { re[k] += skinFactor * c.spectrum!.re[k]; im[k] += skinFactor * c.spectrum!.im[k]; }
    }
    for (let k = 0; k < n; k++) { sumRe[k] += re[k]; sumIm[k] += im[k]; auto[k] += re[k] ** 2 + im[k] ** 2; }
  }
  // With a single region there are no cross terms; fall back to its own power.
  const score = sumRe.map((v, k) => (regions.length > 1 ? v * v + sumIm[k] ** 2 - auto[k] : auto[k]));
  const peak = spectralPeak({ freqs, power: score });
  // Octave check: in noise the sharp systolic peak can make the second harmonic win.
  // Noise has no cross-region power, so real power at half the rate means that half is
  // the fundamental.
  const half = peak.freq / 2;
  if (half >= freqs[0]) {
    const near = score.map((v, k) => (Math.abs(freqs[k] - half) <= 0.08 ? v : 0));
    const sub = spectralPeak({ freqs, power: near });
    // Power at the half rate alone is ambiguous in heavy noise (motion leaves some there
    // too), so the time domain decides: if the peak rate is the pulse, the summed signal
    // repeats after one of its periods about as well as after two; if it is the second
    // harmonic, a shift by one of its periods is half a true beat and decorrelates.
    if (sub.power > 0.4 * peak.power && lagCorrelation(usable, fps, 1 / peak.freq) < 0.5 * lagCorrelation(usable, fps, 2 / peak.freq)) return sub.freq;
  }
  return peak.freq;
}

/** Autocorrelation at `lagS` seconds of the skin-weighted sum of all candidate signals. */
function lagCorrelation(usable: RegionPulse[], fps: number, lagS: number): number {
  const n = usable[0].signal.length;
  const x = new Float64Array(n);
  for (const c of usable) {
    const skinFactor = Math.min(1, c.skin / 0.2);
    for (let i = 0; i < n; i++) x[i] += skinFactor * c.signal[i];
  }
  const lag = Math.round(lagS * fps);
  let ab = 0, aa = 0, bb = 0;
  for (let i = 0; i + lag < n; i++) { ab += x[i] * x[i + lag]; aa += x[i] ** 2; bb += x[i + lag] ** 2; }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

/** Equal-weight correlation of regions {0,1} against {2,3}, motion frames left out. */
function halvesCorrelation(usable: RegionPulse[], frames: number, mask?: Uint8Array): number {
  const half = (rs: number[]) => {
    const out = new Float64Array(frames);
    for (const c of usable) if (rs.includes(c.region)) for (let i = 0; i < frames; i++) out[i] += c.signal[i];
    return out;
  };
  const a = half([0, 1]), b = half([2, 3]);
  let ab = 0, aa = 0, bb = 0;
  for (let i = 0; i < frames; i++) {
    if (mask?.[i]) continue;
    ab += a[i] * b[i]; aa += a[i] * a[i]; bb += b[i] * b[i];
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

/** Weighted sum of candidates (those of the given regions only, when `regions` is set). */
export function weightedSum(cands: RegionPulse[], frames: number, regions?: number[]): Float64Array | undefined {
  const pick = cands.filter((c) => c.weight > 0 && (!regions || regions.includes(c.region)));
  const total = pick.reduce((a, c) => a + c.weight, 0);
  if (!(total > 0)) return undefined;
  const out = new Float64Array(frames);
  for (const c of pick) for (let i = 0; i < frames; i++) out[i] += (c.weight / total) * c.signal[i];
  return out;
}
