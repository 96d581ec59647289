// Pulse candidates (per region and extraction method), their quality, and fusion.
import type { ModelOutput } from "../model-runner.js";
import { bandPass } from "../dsp/filters.js";
import { powerSpectrum, pulseSnrDb, spectralPeak, type Spectrum } from "../dsp/spectrum.js";
import { mean, std } from "../dsp/stats.js";
import { REGIONS } from "../tensor-format.js";
import { bridgeMasked } from "./motion.js";

export const PULSE_LO_HZ = 0.7; // 42 bpm
export const PULSE_HI_HZ = 3.5; // 210 bpm
const GRID_HZ = 0.005; // 0.3 bpm before parabolic refinement

export type RegionPulse = {
  region: number;
  method: "pos" | "pbv";
  signal: Float64Array; // band-passed, unit variance
  spectrum?: Spectrum;
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
};

export function column(data: Float32Array, stride: number, offset: number, frames: number): Float64Array {
  const out = new Float64Array(frames);
  for (let t = 0; t < frames; t++) out[t] = data[t * stride + offset];
  return out;
}

export function pulseCandidates(out: ModelOutput, fps: number, mask: Uint8Array): RegionPulse[] {
  const list: RegionPulse[] = [];
  const sources: [RegionPulse["method"], Float32Array | undefined][] = [["pos", out.pulse], ["pbv", out.pulsePbv]];
  for (let r = 0; r < REGIONS; r++) {
    const skin = mean(column(out.skinFraction, REGIONS, r, out.frames));
    for (const [method, data] of sources) {
      if (!data) continue;
      const filtered = bandPass(bridgeMasked(column(data, REGIONS, r, out.frames), mask), fps, PULSE_LO_HZ - 0.1, PULSE_HI_HZ + 0.5);
      const s = std(filtered);
      const usable = s > 1e-9 && skin >= 0.02 && filtered.every(Number.isFinite);
      if (usable) for (let i = 0; i < filtered.length; i++) filtered[i] /= s;
      const spectrum = usable ? powerSpectrum(filtered, fps, PULSE_LO_HZ, PULSE_HI_HZ, GRID_HZ) : undefined;
      list.push({
        region: r, method, skin, spectrum,
        signal: usable ? filtered : new Float64Array(out.frames),
        freq: spectrum ? spectralPeak(spectrum).freq : NaN,
        snrDb: -30,
        weight: 0,
      });
    }
  }
  return list;
}

/**
 * Two passes: the rate is first read from the sum of all candidates' normalised spectra
 * (noise averages out, the shared pulse adds up), then each candidate is weighted by its
 * SNR at that common rate, so a region whose own peak is noise gets no say.
 */
export function fuseCandidates(cands: RegionPulse[], fps: number, frames: number): FusedPulse | undefined {
  const usable = cands.filter((c) => c.spectrum);
  if (!usable.length) return undefined;
  const first = usable[0].spectrum!;
  const summed = new Float64Array(first.power.length);
  for (const c of usable) {
    const total = c.spectrum!.power.reduce((a, b) => a + b, 0) || 1;
    const skinFactor = Math.min(1, c.skin / 0.2);
    for (let k = 0; k < summed.length; k++) summed[k] += (skinFactor * c.spectrum!.power[k]) / total;
  }
  const f0 = spectralPeak({ freqs: first.freqs, power: summed }).freq;
  for (const c of usable) {
    c.snrDb = pulseSnrDb(c.spectrum!, f0);
    c.weight = Math.pow(10, c.snrDb / 10) * Math.min(1, c.skin / 0.2);
  }
  const signal = weightedSum(usable, frames);
  if (!signal) return undefined;
  const sp = powerSpectrum(signal, fps, PULSE_LO_HZ, PULSE_HI_HZ, GRID_HZ);
  const freq = spectralPeak(sp).freq;
  const totalWeight = usable.reduce((a, c) => a + c.weight, 0);
  const agree = usable.filter((c) => Math.abs(c.freq - freq) * 60 < 5).reduce((a, c) => a + c.weight, 0);
  return { signal, freq, snrDb: pulseSnrDb(sp, freq), agreement: agree / totalWeight };
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
