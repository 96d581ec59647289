// A video codec's group of pictures, found in the data and removed (docs/inference.md,
// "Key frames"). An encoder codes a key frame afresh every GOP (a second on most phones)
// and the colour differences follow the same small pattern in every group. That pattern
// repeats with exactly the same number of frames, so its spectrum is a comb of lines at
// k / GOP, shared by every region: cross-region coherence cannot tell its fundamental
// from a pulse (at a 1 s GOP a 60 bpm reading whatever the true rate).
import type { ModelOutput } from "../model-runner.js";
import { median, movingMean } from "../dsp/stats.js";
import { dftBin } from "../dsp/spectrum.js";
import { REGIONS } from "../tensor-format.js";

export type KeyFramePeriod = {
  frames: number; // the period in frames (the fold length)
  seconds: number;
  line: number; // median over the comb's teeth of the coherent power over its neighbourhood's
  teeth: { hz: number; ratio: number }[];
};

const MAX_SECONDS = 10;
// Median line ratio over the comb's teeth: up to ~6 on the synthetic set without a codec
// (a tooth near a pulse harmonic by chance), up to 16 through H.264 with 1 s key frames.
const LINE_RATIO = 8;
const HI_HZ = 3.6;
// One tooth's line ratio that counts as a line (noise: mostly < 3).
const TOOTH_RATIO = 4;

/** The signals and their lazily computed DFTs (one per scan, shared by every check). */
export type KeyFrameSpectra = Dft;
type Dft = {
  step: number;
  lo: number;
  fps: number;
  signals: Float64Array[];
  method: number[];
  region: number[];
  cache: Map<number, { re: Float64Array; im: Float64Array }>;
};

/**
 * The key-frame period, when the POS and PBV signals of different regions share lines on
 * most teeth of its comb; else undefined. A 2 s pattern also passes as 1 s (its even
 * teeth), and a strong 1 s one can pass as 2 s: a multiple of the shortest passing period
 * is taken only when its own teeth (off the shorter comb) are lines too.
 */
export function detectKeyFramePeriod(
  out: ModelOutput,
  fps: number,
  dft = signalDfts(out, fps, out.frames / fps),
): KeyFramePeriod | undefined {
  const passing = keyFrameScores(out, fps, dft).filter((s) => s.line >= LINE_RATIO);
  if (!passing.length) return undefined;
  let best = passing[0];
  for (const q of passing) {
    if (q.seconds <= best.seconds || q.seconds % best.seconds !== 0) continue;
    // The longer comb's own teeth, those not on the shorter one, must be lines as well.
    const own = q.teeth.filter((t) => Math.abs(t.hz * best.seconds - Math.round(t.hz * best.seconds)) > 1e-6);
    if (own.length && median(own.map((t) => t.ratio)) >= LINE_RATIO) best = q;
  }
  return best;
}

/**
 * Comb score of each candidate period: the median over its teeth (0.3-3.6 Hz) of how much
 * of a narrow line each is. Candidates are whole seconds (encoders set the key-frame
 * interval in seconds: 1 s on most phones, 2 s and more in browsers), in frames at the
 * header's rate (fractional when that rate is). Not every period: a steady pulse is itself
 * a comb at its own period (75 bpm at 30 fps folds at 24 frames just as a codec does), and
 * half seconds would fold a 40 or 120 bpm pulse. The median needs most teeth to be lines: a
 * pulse sits on every tooth only when its period is the GOP's (60 bpm at 1 s), on every
 * second or third tooth of a longer GOP.
 */
export function keyFrameScores(
  out: ModelOutput,
  fps: number,
  dft = signalDfts(out, fps, out.frames / fps),
): KeyFramePeriod[] {
  const T = out.frames;
  const duration = T / fps;
  if (!dft) return [];
  const coherent = (f: number) => crossPower(dft, f);
  const scores: KeyFramePeriod[] = [];
  // Teeth at least 5 bins of 1/D apart, so a tooth's neighbourhood holds no other tooth.
  for (let seconds = 1; seconds <= Math.min(MAX_SECONDS, duration / 5); seconds++) {
    const f1 = 1 / seconds;
    const teeth: { hz: number; ratio: number }[] = [];
    for (let n = 1; n * f1 <= Math.min(HI_HZ, fps / 2 - 0.1); n++)
      if (n * f1 >= 0.3) teeth.push({ hz: n * f1, ratio: lineRatio(coherent, n * f1, duration) });
    if (teeth.length < 2) continue;
    // And on the odd teeth alone: a pulse at twice the comb's rate (40 bpm at 3 s, 120 at 1 s)
    // is a line on every even tooth, half of them, which a median alone can let pass.
    const odd = teeth.filter((t) => Math.round(t.hz * seconds) % 2 === 1).map((t) => t.ratio);
    scores.push({
      frames: seconds * fps,
      seconds,
      line: Math.min(median(teeth.map((t) => t.ratio)), odd.length ? median(odd) : 0),
      teeth,
    });
  }
  return scores;
}

/**
 * Each region's POS and PBV signal (robustly scaled, clipped at 4 SDs so a camera event
 * does not own the spectrum), with their rectangular-window DFTs on a 1/(8 D) grid,
 * evaluated only where asked (a few hundred frequencies at most).
 */
export function signalDfts(out: ModelOutput, fps: number, duration: number): KeyFrameSpectra | undefined {
  const T = out.frames;
  const lo = 0.05,
    step = 1 / (8 * duration);
  const sources = [out.pulse, ...(out.pulsePbv ? [out.pulsePbv] : [])];
  const dft: Dft = { step, lo, fps, signals: [], method: [], region: [], cache: new Map() };
  sources.forEach((data, m) => {
    for (let r = 0; r < REGIONS; r++) {
      const x = new Float64Array(T);
      for (let t = 0; t < T; t++) x[t] = data[t * REGIONS + r];
      const trend = movingMean(x, Math.max(3, Math.round(2 * fps)));
      for (let t = 0; t < T; t++) x[t] -= trend[t];
      const sd = 1.4826 * median(Array.from(x, Math.abs));
      if (!(sd > 1e-9) || !x.every(Number.isFinite)) continue;
      for (let t = 0; t < T; t++) x[t] = Math.max(-4, Math.min(4, x[t] / sd));
      dft.signals.push(x);
      dft.method.push(m);
      dft.region.push(r);
    }
  });
  return new Set(dft.region).size >= 2 ? dft : undefined;
}

/** Every signal's DFT at grid point k, computed once. */
function dftAt(d: Dft, k: number): { re: Float64Array; im: Float64Array } {
  let got = d.cache.get(k);
  if (got) return got;
  const f = d.lo + k * d.step;
  const n = d.signals.length,
    T = d.signals[0].length;
  got = { re: new Float64Array(n), im: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    const [a, b] = dftBin(d.signals[i], f, d.fps);
    got.re[i] = a / T;
    got.im[i] = b / T;
  }
  d.cache.set(k, got);
  return got;
}

/** Power shared by different regions at f (cross terms only, within each method). */
export function crossPower(d: Dft, f: number): number {
  const k = Math.round((f - d.lo) / d.step);
  if (k < 0 || f > d.fps / 2) return 0;
  const { re, im } = dftAt(d, k);
  let total = 0;
  for (const m of new Set(d.method)) {
    let sr = 0,
      si = 0,
      auto = 0;
    d.method.forEach((mm, i) => {
      if (mm !== m) return;
      sr += re[i];
      si += im[i];
      auto += re[i] ** 2 + im[i] ** 2;
    });
    total += sr * sr + si * si - auto;
  }
  return total;
}

/**
 * The coherent power at f over the typical size of that 1.5-4 bins of 1/D away (where a
 * line that lasts the whole capture has only sidelobes).
 */
export function lineRatio(coherent: (f: number) => number, f: number, duration: number): number {
  const at = coherent(f);
  if (!(at > 0)) return 0;
  const around: number[] = [];
  for (const j of [1.5, 2, 2.5, 3, 3.5, 4])
    for (const side of [-1, 1]) {
      const g = f + (side * j) / duration;
      if (g > 0.05) around.push(Math.abs(coherent(g)));
    }
  return at / Math.max(1e-12, median(around), 1e-3 * at);
}

/**
 * Subtracts each column's pattern over one key-frame period (a comb removal of the period's
 * fundamental and all its harmonics). The pattern is the per-phase median of the signal
 * less its moving mean over one period (which holds no periodic part): a camera event
 * hits a phase in one or two groups and leaves its median alone, while a key frame's jump,
 * however sharp, is there in every group. `period` may be fractional (phase bins).
 */
export function removePeriodic(data: Float32Array, stride: number, frames: number, period: number): Float32Array {
  const outData = new Float32Array(data);
  const bins = Math.max(1, Math.round(period));
  const bin = (t: number) => Math.min(bins - 1, Math.floor(((t % period) / period) * bins));
  const x = new Float64Array(frames);
  const groups: number[][] = Array.from({ length: bins }, () => []);
  const pattern = new Float64Array(bins);
  for (let c = 0; c < stride; c++) {
    for (let t = 0; t < frames; t++) x[t] = data[t * stride + c];
    const trend = movingMean(x, bins);
    for (const g of groups) g.length = 0;
    for (let t = 0; t < frames; t++) groups[bin(t)].push(x[t] - trend[t]);
    let m = 0;
    for (let p = 0; p < bins; p++) {
      pattern[p] = groups[p].length ? median(groups[p]) : 0;
      m += pattern[p] / bins;
    }
    for (let t = 0; t < frames; t++) outData[t * stride + c] = data[t * stride + c] - (pattern[bin(t)] - m);
  }
  return outData;
}

/** The model's outputs with the key-frame pattern removed from every colour and pulse signal. */
export function withoutKeyFrames(out: ModelOutput, period: number): ModelOutput {
  const T = out.frames;
  return {
    frames: T,
    rgbMeans: removePeriodic(out.rgbMeans, REGIONS * 3, T, period),
    skinFraction: out.skinFraction,
    pulse: removePeriodic(out.pulse, REGIONS, T, period),
    ...(out.pulsePbv ? { pulsePbv: removePeriodic(out.pulsePbv, REGIONS, T, period) } : {}),
  };
}

/**
 * True when a rate lies on a tooth of the removed comb (within 4 bpm of a multiple of the
 * key-frame rate): the removal took the pulse there too, and a pulse exactly there cannot
 * be told from the codec's pattern.
 */
export function onComb(rateBpm: number, gopSeconds: number): boolean {
  const base = 60 / gopSeconds;
  const k = Math.round(rateBpm / base);
  return k >= 1 && Math.abs(rateBpm - k * base) <= 4;
}

/**
 * True when the rate sits on a line of a 1 s key-frame comb (within 4 bpm of 60, 120 or
 * 180, the tooth a line of >= 4 and another tooth too), in the model's outputs before any
 * removal: a comb too weak for removal (detectKeyFramePeriod) can still own the peak
 * (through H.264 at 15-24 fps: 57-61 bpm read for 101-168). Only the phones' 1 s: with
 * teeth every 30 bpm (2 s) a pulse and a chance line on another tooth (noise gives single
 * teeth ratios of 4-6 now and then) would trip it on a quarter of all rates.
 */
export function onKeyFrameLine(
  out: ModelOutput,
  fps: number,
  rateBpm: number,
  dft = signalDfts(out, fps, out.frames / fps),
): boolean {
  const duration = out.frames / fps;
  if (!dft || !Number.isFinite(rateBpm)) return false;
  const ratio = (f: number) => lineRatio((g) => crossPower(dft, g), f, duration);
  return [1].some((seconds) => {
    const base = 60 / seconds;
    const k = Math.round(rateBpm / base);
    if (k < 1 || Math.abs(rateBpm - k * base) > 4 || ratio(k / seconds) < TOOTH_RATIO) return false;
    for (let n = 1; n / seconds <= Math.min(HI_HZ, fps / 2 - 0.1); n++)
      if (n !== k && n / seconds >= 0.3 && ratio(n / seconds) >= TOOTH_RATIO) return true;
    return false;
  });
}
