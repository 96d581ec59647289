// The whole face's own reading (docs/inference.md, "The whole face's second opinion"): POS as
// Wang et al. (2017) wrote it, over short overlapping windows added up (each window normalised
// by its own mean and weighted by its own standard deviations), on region 3 alone. On real
// faces through a video codec the forehead and cheek crops are small and their noise is shared
// (the codec's blocks span them), so the cross-region spectrum the fused rate is read from can
// lock on what they share; the whole face averages many times more pixels and, read this way,
// keeps the pulse (docs/benchmarks.md, "Real faces on video").
import { bandPass } from "../dsp/filters.js";
import { dftBin } from "../dsp/spectrum.js";
import { std } from "../dsp/stats.js";
import type { ModelOutput } from "../model-runner.js";
import { REGIONS } from "../tensor-format.js";
import { bridgeMasked } from "./motion.js";

const WHOLE_FACE = 3;
/** POS's window (Wang et al.: 1.6 s, about one slow beat). */
const POS_WINDOW_S = 1.6;
/** Short spectra: 6 s windows a second apart, so a rate that drifts stays one line in each. */
const SPECTRUM_WINDOW_S = 6;
const LO_HZ = 0.7;
const HI_HZ = 3.5;
const STEP_HZ = 0.01;
/** A line: the power within this of a frequency. */
const LINE_HZ = 0.08;
/** A window whose own peak is within this of the rate counts as showing it. */
const SHOWN_HZ = 0.1;
/** A window more than this share in a movement is left out. */
const MAX_MOVING = 0.3;

export type WholeFaceReading = {
  /** Peak of the mean of the normalised short spectra, bpm (NaN: no window to read). */
  rateBpm: number;
  /** Share of the band's power in the line at the rate (mean over windows): ~0.06 for noise. */
  lineShare: number;
  /** Share of the windows whose own peak is at the rate: a line that holds over time. */
  steadiness: number;
  /** The same two figures at another rate (the fused reading's), from the same spectra. */
  supportAt(rateBpm: number): { lineShare: number; steadiness: number };
};

/** The whole-face pulse: overlap-added POS, movements bridged, band-passed, zero inside movements. */
export function wholeFacePulse(out: ModelOutput, fps: number, mask: Uint8Array): Float64Array {
  const T = out.frames;
  const L = Math.max(2, Math.round(POS_WINDOW_S * fps));
  const rgb = [0, 1, 2].map((c) =>
    Float64Array.from({ length: T }, (_, t) => out.rgbMeans[(t * REGIONS + WHOLE_FACE) * 3 + c]!),
  );
  const h = new Float64Array(T);
  const s1 = new Float64Array(L),
    s2 = new Float64Array(L);
  for (let start = 0; start + L <= T; start++) {
    const m = rgb.map((c) => {
      let sum = 0;
      for (let i = 0; i < L; i++) sum += c[start + i]!;
      return sum / L;
    });
    // A window with a frame without skin (mean 0) has no colour to project.
    if (m.some((v) => !(v > 0))) continue;
    for (let i = 0; i < L; i++) {
      const r = rgb[0]![start + i]! / m[0]!,
        g = rgb[1]![start + i]! / m[1]!,
        b = rgb[2]![start + i]! / m[2]!;
      const skin = r > 0 && g > 0 && b > 0;
      s1[i] = skin ? g - b : 0;
      s2[i] = skin ? g + b - 2 * r : 0;
    }
    const alpha = std(s2) > 0 ? std(s1) / std(s2) : 0;
    let mean = 0;
    for (let i = 0; i < L; i++) mean += s1[i]! + alpha * s2[i]!;
    mean /= L;
    for (let i = 0; i < L; i++) h[start + i] += s1[i]! + alpha * s2[i]! - mean;
  }
  const pulse = bandPass(bridgeMasked(h, mask), fps, LO_HZ - 0.1, HI_HZ + 0.5);
  for (let t = 0; t < T; t++) if (mask[t]) pulse[t] = 0;
  return pulse;
}

/** Reads the whole face's rate from its short spectra, each normalised to the band's power. */
export function wholeFaceReading(out: ModelOutput, fps: number, mask: Uint8Array): WholeFaceReading {
  const pulse = wholeFacePulse(out, fps, mask);
  const freqs = Array.from({ length: Math.round((HI_HZ - LO_HZ) / STEP_HZ) + 1 }, (_, k) => LO_HZ + k * STEP_HZ);
  const win = Math.round(SPECTRUM_WINDOW_S * fps);
  const step = Math.max(1, Math.round(fps));
  const taper = Float64Array.from({ length: win }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (win - 1)));
  const spectra: Float64Array[] = [];
  for (let start = 0; start + win <= pulse.length; start += step) {
    let moving = 0;
    for (let i = start; i < start + win; i++) moving += mask[i]!;
    if (moving > MAX_MOVING * win) continue;
    let mean = 0;
    for (let i = 0; i < win; i++) mean += pulse[start + i]!;
    mean /= win;
    const x = Float64Array.from({ length: win }, (_, i) => (pulse[start + i]! - mean) * taper[i]!);
    const p = Float64Array.from(freqs, (f) => {
      const [re, im] = dftBin(x, f, fps);
      return re * re + im * im;
    });
    const total = p.reduce((a, b) => a + b, 0);
    if (total > 0) spectra.push(p.map((v) => v / total));
  }
  const meanSpectrum = new Float64Array(freqs.length);
  for (const p of spectra) for (let k = 0; k < p.length; k++) meanSpectrum[k] += p[k]! / spectra.length;
  const peaks = spectra.map(peakIndex);
  const supportAt = (rateBpm: number) => {
    const f = rateBpm / 60;
    if (!spectra.length || !Number.isFinite(f)) return { lineShare: 0, steadiness: 0 };
    let line = 0;
    freqs.forEach((g, k) => {
      if (Math.abs(g - f) <= LINE_HZ) line += meanSpectrum[k]!;
    });
    const shown = peaks.filter((k) => Math.abs(freqs[k]! - f) <= SHOWN_HZ).length;
    return { lineShare: line, steadiness: shown / spectra.length };
  };
  const rateBpm = spectra.length ? refinedPeak(meanSpectrum, freqs) * 60 : Number.NaN;
  return { rateBpm, ...supportAt(rateBpm), supportAt };
}

function peakIndex(p: Float64Array): number {
  let best = 0;
  for (let k = 1; k < p.length; k++) if (p[k]! > p[best]!) best = k;
  return best;
}

/** The peak's frequency, refined by a parabola through its neighbours. */
function refinedPeak(p: Float64Array, freqs: number[]): number {
  const k = peakIndex(p);
  if (k === 0 || k === p.length - 1) return freqs[k]!;
  const [a, b, c] = [p[k - 1]!, p[k]!, p[k + 1]!];
  const d = a - 2 * b + c;
  return freqs[k]! + (d < 0 ? ((0.5 * (a - c)) / d) * STEP_HZ : 0);
}
