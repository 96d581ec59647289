// Per-region pulse quality and the quality-weighted fusion of regions.
import type { ModelOutput } from "../model-runner.js";
import { bandPass } from "../dsp/filters.js";
import { powerSpectrum, pulseSnrDb, spectralPeak } from "../dsp/spectrum.js";
import { mean, std } from "../dsp/stats.js";
import { REGIONS } from "../tensor-format.js";

export const PULSE_LO_HZ = 0.7; // 42 bpm
export const PULSE_HI_HZ = 3.5; // 210 bpm
const GRID_HZ = 0.005; // 0.3 bpm before parabolic refinement

export type RegionPulse = {
  signal: Float64Array; // band-passed, unit variance
  freq: number;
  snrDb: number;
  skin: number; // mean skin fraction
  weight: number;
};

export type FusedPulse = {
  signal: Float64Array;
  freq: number;
  snrDb: number;
  regions: RegionPulse[];
  agreement: number; // weighted share of regions whose own rate matches the fused one
};

export function column(data: Float32Array, stride: number, offset: number, frames: number): Float64Array {
  const out = new Float64Array(frames);
  for (let t = 0; t < frames; t++) out[t] = data[t * stride + offset];
  return out;
}

export function analyseRegions(out: ModelOutput, fps: number): RegionPulse[] {
  const regions: RegionPulse[] = [];
  for (let r = 0; r < REGIONS; r++) {
    const skin = mean(column(out.skinFraction, REGIONS, r, out.frames));
    const filtered = bandPass(column(out.pulse, REGIONS, r, out.frames), fps, PULSE_LO_HZ - 0.1, PULSE_HI_HZ + 0.5);
    const s = std(filtered);
    if (!(s > 1e-9) || skin < 0.02) {
      regions.push({ signal: new Float64Array(out.frames), freq: NaN, snrDb: -30, skin, weight: 0 });
      continue;
    }
    for (let i = 0; i < filtered.length; i++) filtered[i] /= s;
    const sp = powerSpectrum(filtered, fps, PULSE_LO_HZ, PULSE_HI_HZ, GRID_HZ);
    const freq = spectralPeak(sp).freq;
    const snrDb = pulseSnrDb(sp, freq);
    // Linear SNR rewards clean regions strongly; tiny skin areas are distrusted.
    const weight = Math.pow(10, snrDb / 10) * Math.min(1, skin / 0.2);
    regions.push({ signal: filtered, freq, snrDb, skin, weight });
  }
  return regions;
}

export function fuseRegions(regions: RegionPulse[], fps: number, frames: number): FusedPulse | undefined {
  const total = regions.reduce((a, r) => a + r.weight, 0);
  if (!(total > 0)) return undefined;
  const signal = new Float64Array(frames);
  for (const r of regions) {
    if (r.weight <= 0) continue;
    for (let i = 0; i < frames; i++) signal[i] += (r.weight / total) * r.signal[i];
  }
  const sp = powerSpectrum(signal, fps, PULSE_LO_HZ, PULSE_HI_HZ, GRID_HZ);
  const freq = spectralPeak(sp).freq;
  const snrDb = pulseSnrDb(sp, freq);
  let agree = 0;
  for (const r of regions) if (r.weight > 0 && Math.abs(r.freq - freq) * 60 < 5) agree += r.weight;
  return { signal, freq, snrDb, regions, agreement: agree / total };
}
