// The whole face's own reading (docs/inference.md, "The whole face's second opinion"): POS as
// Wang et al. (2017) wrote it, over short overlapping windows added up (each window normalised
// by its own mean and weighted by its own standard deviations), on region 3 alone. On real
// faces through a video codec the forehead and cheek crops are small and their noise is shared
// (the codec's blocks span them), so the cross-region spectrum the fused rate is read from can
// lock on what they share; the whole face averages many times more pixels and, read this way,
// keeps the pulse (docs/benchmarks.md, "Real faces on video").
import { bandPass } from "../dsp/filters.js";
import { powerSpectrum, spectralPeak } from "../dsp/spectrum.js";
import { mean, std } from "../dsp/stats.js";
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
    let level = 0;
    for (let i = 0; i < L; i++) level += s1[i]! + alpha * s2[i]!;
    level /= L;
    for (let i = 0; i < L; i++) h[start + i] += s1[i]! + alpha * s2[i]! - level;
  }
  const pulse = bandPass(bridgeMasked(h, mask), fps, LO_HZ - 0.1, HI_HZ + 0.5);
  for (let t = 0; t < T; t++) if (mask[t]) pulse[t] = 0;
  return pulse;
}

/** Reads the whole face's rate from its short spectra, each normalised to the band's power. */
export function wholeFaceReading(out: ModelOutput, fps: number, mask: Uint8Array): WholeFaceReading {
  const pulse = wholeFacePulse(out, fps, mask);
  const win = Math.round(SPECTRUM_WINDOW_S * fps);
  const step = Math.max(1, Math.round(fps));
  let freqs: Float64Array = new Float64Array(0);
  const spectra: Float64Array[] = [];
  for (let start = 0; start + win <= pulse.length; start += step) {
    let moving = 0;
    for (let i = start; i < start + win; i++) moving += mask[i]!;
    if (moving > MAX_MOVING * win) continue;
    const x = pulse.slice(start, start + win);
    const level = mean(x);
    for (let i = 0; i < win; i++) x[i]! -= level;
    // Half a step past the top, so the grid's last frequency is HI_HZ itself.
    const sp = powerSpectrum(x, fps, LO_HZ, HI_HZ + STEP_HZ / 2, STEP_HZ);
    freqs = sp.freqs;
    const total = sp.power.reduce((a, b) => a + b, 0);
    if (total > 0) spectra.push(sp.power.map((v) => v / total));
  }
  const meanSpectrum = new Float64Array(freqs.length);
  for (const p of spectra) for (let k = 0; k < p.length; k++) meanSpectrum[k] += p[k]! / spectra.length;
  const peaks = spectra.map((power) => spectralPeak({ freqs, power }).index);
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
  const rateBpm = spectra.length ? spectralPeak({ freqs, power: meanSpectrum }).freq * 60 : Number.NaN;
  return { rateBpm, ...supportAt(rateBpm), supportAt };
}
