// Pulse candidates: one per region and extraction method, band-passed, with the spectra
// that fusion (fuse-candidates.ts) weighs them by and chooses the rate from.
import type { ModelOutput } from "../model-runner.js";
import { bandPass } from "../dsp/filters.js";
import { motionFreePbv } from "../dsp/pbv.js";
import { powerSpectrum, spectralPeak, type ComplexSpectrum } from "../dsp/spectrum.js";
import { mean, std } from "../dsp/stats.js";
import { REGIONS } from "../tensor-format.js";
import { bridgeMasked } from "./motion.js";

// 36 bpm: a search band that stopped at 42 bpm read a 40 bpm pulse as its second or
// third harmonic, at high confidence, since the fundamental was simply not looked at.
export const PULSE_LO_HZ = 0.6;
export const PULSE_HI_HZ = 3.5; // 210 bpm
export const GRID_HZ = 0.01; // 0.6 bpm grid; a 24 s Hann main lobe spans ~8 points, so the parabola is exact enough

export type RegionPulse = {
  region: number;
  method: "pos" | "pbv" | "pbv-still";
  signal: Float64Array; // band-passed, unit variance
  spectrum?: ComplexSpectrum;
  rateSpectrum?: ComplexSpectrum; // of the signal with motion segments silenced (gateMasked): chooses the rate
  freq: number; // own spectral peak
  snrDb: number; // at the fused rate
  skin: number; // mean skin fraction
  weight: number;
};

export function column(data: Float32Array, stride: number, offset: number, frames: number): Float64Array {
  const out = new Float64Array(frames);
  for (let t = 0; t < frames; t++) out[t] = data[t * stride + offset];
  return out;
}

/**
 * `mask`: motion segments, bridged. `rateMask` (a superset that also holds colour-balance
 * steps, motion.ts): silenced in the spectrum that chooses the rate only.
 */
export function pulseCandidates(out: ModelOutput, fps: number, mask: Uint8Array, rateMask = mask): RegionPulse[] {
  const list: RegionPulse[] = [];
  // A refit of the model's PBV on the still frames (dsp/pbv.ts), where the model gives PBV
  // and the capture has movement; without movement the refit would be the model's PBV.
  const still = out.pulsePbv && mask.some((m) => m) ? motionFreePbv(out, fps, mask) : undefined;
  for (let r = 0; r < REGIONS; r++) {
    const skin = mean(column(out.skinFraction, REGIONS, r, out.frames));
    const candidate = (method: RegionPulse["method"], data: Float32Array) => {
      const c = regionCandidate(column(data, REGIONS, r, out.frames), fps, mask, rateMask, r, method, skin);
      list.push(c);
      return c;
    };
    candidate("pos", out.pulse);
    const pbv = out.pulsePbv && candidate("pbv", out.pulsePbv);
    if (still && pbv?.spectrum) candidate("pbv-still", still);
  }
  return list;
}

function regionCandidate(
  raw: Float64Array,
  fps: number,
  mask: Uint8Array,
  rateMask: Uint8Array,
  region: number,
  method: RegionPulse["method"],
  skin: number,
): RegionPulse {
  const filtered = bandPass(bridgeMasked(raw, mask), fps, PULSE_LO_HZ - 0.1, PULSE_HI_HZ + 0.5);
  const s = std(filtered);
  const usable = s > 1e-9 && skin >= 0.02 && filtered.every(Number.isFinite);
  if (usable) for (let i = 0; i < filtered.length; i++) filtered[i] /= s;
  const spectrum = usable ? powerSpectrum(filtered, fps, PULSE_LO_HZ, PULSE_HI_HZ, GRID_HZ) : undefined;
  const moved = usable && rateMask.some((m) => m);
  return {
    region,
    method,
    skin,
    spectrum,
    rateSpectrum: moved
      ? powerSpectrum(gateMasked(filtered.slice(), rateMask, fps), fps, PULSE_LO_HZ, PULSE_HI_HZ, GRID_HZ)
      : spectrum,
    signal: usable ? filtered : new Float64Array(raw.length),
    freq: spectrum ? spectralPeak(spectrum).freq : NaN,
    snrDb: -30,
    weight: 0,
  };
}

/**
 * Silences motion segments in a band-passed candidate (with a 0.25 s cosine fade each
 * side), for choosing the rate. The straight line bridging a segment still leaves, once
 * band-passed, bends at its ends that pose as a slow pulse: with three camera events in
 * 20 s (exposure and white-balance steps) those outvoted the true rate; a gap only widens
 * the spectral peak. The candidate's SNR weight keeps using the bridged signal (on the
 * synthetic set the gated one weighed motion-hit candidates too high: breathing got worse).
 */
function gateMasked(x: Float64Array, mask: Uint8Array, fps: number): Float64Array {
  if (!mask.some((m) => m)) return x;
  const fade = Math.max(1, Math.round(0.25 * fps));
  let last = -Infinity;
  const dist = new Float64Array(x.length);
  for (let t = 0; t < x.length; t++) {
    if (mask[t]) last = t;
    dist[t] = t - last;
  }
  last = Infinity;
  for (let t = x.length - 1; t >= 0; t--) {
    if (mask[t]) last = t;
    dist[t] = Math.min(dist[t], last - t);
  }
  for (let t = 0; t < x.length; t++)
    if (dist[t] <= fade) x[t] *= 0.5 - 0.5 * Math.cos((Math.PI * dist[t]) / (fade + 1));
  return x;
}
