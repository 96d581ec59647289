// Pulse candidates (per region and extraction method), their quality, and fusion.
import type { ModelOutput } from "../model-runner.js";
import { bandPass } from "../dsp/filters.js";
import { motionFreePbv } from "../dsp/pbv.js";
import { powerSpectrum, pulseSnrDb, spectralPeak, type ComplexSpectrum } from "../dsp/spectrum.js";
import { clamp, mean, median, std } from "../dsp/stats.js";
import { REGIONS } from "../tensor-format.js";
import { HUMP_TOP_BPM, lostInSharedNoise } from "./confidence.js";
import { bridgeMasked } from "./motion.js";

// 36 bpm: a search band that stopped at 42 bpm read a 40 bpm pulse as its second or
// third harmonic, at high confidence, since the fundamental was simply not looked at.
export const PULSE_LO_HZ = 0.6;
export const PULSE_HI_HZ = 3.5; // 210 bpm
const GRID_HZ = 0.01;
// sharedFloor of a family's own peak: in broadband shared power (>= 0.06) or clear (< 0.03).
const JUNK_FLOOR = 0.06;
const CLEAR_FLOOR = 0.03; // 0.6 bpm grid; a 24 s Hann main lobe spans ~8 points, so the parabola is exact enough
// lineAboveBuriedRate: below this rate a line above holding this share of the power wins.
const BURIED_TOP_BPM = 72;
const BURIED_RIVAL = 0.8;

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

export type FusedPulse = {
  signal: Float64Array;
  freq: number;
  snrDb: number;
  agreement: number; // weighted share of candidates whose own peak matches the fused rate
  coherence: number; // correlation of two halves of the regions (independent sensor noise)
  ambiguity: number; // 0..1 cross-region power of the strongest rival rate over the chosen one's
  familyGapBpm: number; // |rate from POS candidates alone - rate from PBV candidates alone|; 0 with one family
  octaveRegions: number; // regions with a candidate whose own peak is at twice or half the rate
  sharedSnrDb: number; // SNR of the cross-region spectrum alone (the power the regions share)
  sharedFloor: number; // typical shared power 0.15-0.5 Hz from the rate over the rate's (regions.ts sharedFloor)
  sharedHarmonicSnrDb: number; // shared power at the rate and all its harmonics over the rest (harmonicSnrDb)
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

/**
 * Two passes. The rate comes from the cross-region spectrum |sum Y_r|^2 - sum |Y_r|^2:
 * only products between different regions remain, and since the regions' sensor noise
 * is independent those average to zero while the shared pulse adds up. Then each
 * candidate is weighted by its SNR at that rate, so a region whose own peak is noise
 * gets no say.
 */
export function fuseCandidates(
  cands: RegionPulse[],
  fps: number,
  frames: number,
  mask?: Uint8Array,
): FusedPulse | undefined {
  const usable = cands.filter((c) => c.spectrum);
  if (!usable.length) return undefined;
  const { freq: f0, ambiguity, sharedSnrDb, sharedFloor, sharedHarmonicSnrDb } = crossRegionPeak(usable, fps, true);
  // The two extraction methods fail differently: through a video codec (coarse chroma) POS
  // can lock on one artefact in every region while PBV keeps the pulse. Each family's own
  // rate is a second opinion; a disagreement lowers confidence (confidence.ts).
  const pos = usable.filter((c) => c.method === "pos"),
    pbv = usable.filter((c) => c.method !== "pos");
  let familyGapBpm = 0;
  if (pos.length && pbv.length) {
    const a = crossRegionPeak(pos, fps),
      b = crossRegionPeak(pbv, fps);
    familyGapBpm = Math.abs(a.freq - b.freq) * 60;
    // The family that disagrees with the rate chosen from both, when its own peak sits in
    // broadband shared power (a codec's damage, sharedFloor) while the agreeing family's
    // peak stands clear, is no second opinion: only a clear peak elsewhere contests the rate.
    const [agrees, differs] = Math.abs(a.freq - f0) <= Math.abs(b.freq - f0) ? [a, b] : [b, a];
    // Through H.264 and VP8 POS often locks on such power at 45-65 bpm while PBV reads the
    // pulse. Never near 60, 120 or 180 bpm, where a clear peak may be a 1 s key-frame line.
    const offKeyFrames = Math.abs(f0 * 60 - 60 * Math.round(f0)) > 4;
    if (
      offKeyFrames &&
      Math.abs(agrees.freq - f0) * 60 < 3 &&
      differs.sharedFloor >= JUNK_FLOOR &&
      agrees.sharedFloor < CLEAR_FLOOR
    )
      familyGapBpm = 0;
  }
  for (const c of usable) {
    c.snrDb = pulseSnrDb(c.spectrum!, f0);
    c.weight = 10 ** (c.snrDb / 10) * Math.min(1, c.skin / 0.2);
  }
  const signal = weightedSum(usable, frames);
  if (!signal) return undefined;
  const sp = powerSpectrum(signal, fps, PULSE_LO_HZ, PULSE_HI_HZ, GRID_HZ);
  // Refine on the fused signal, but only near the rate the candidates agreed on.
  const near = sp.power.map((p, k) => (Math.abs(sp.freqs[k] - f0) <= 0.13 ? p : 0));
  const freq = spectralPeak({ freqs: sp.freqs, power: near }).freq;
  const totalWeight = usable.reduce((a, c) => a + c.weight, 0);
  const agree = usable.filter((c) => Math.abs(c.freq - freq) * 60 < 5).reduce((a, c) => a + c.weight, 0);
  return {
    signal,
    freq,
    snrDb: pulseSnrDb(sp, freq),
    agreement: agree / totalWeight,
    coherence: halvesCorrelation(usable, frames, mask),
    ambiguity,
    familyGapBpm,
    octaveRegions: octaveRegions(usable, freq),
    sharedSnrDb,
    sharedFloor,
    sharedHarmonicSnrDb,
  };
}

/**
 * Regions where some candidate's own peak sits at twice or half the chosen rate (within
 * 4 %). Noise puts a peak there only by chance; a pulse read at half (or double) its rate
 * in some regions and not in others puts it there systematically.
 */
function octaveRegions(usable: RegionPulse[], f0: number): number {
  const off = (f: number) => [2 * f0, f0 / 2].some((g) => Math.abs(f - g) <= 0.04 * g);
  return new Set(usable.filter((c) => off(c.freq)).map((c) => c.region)).size;
}

/** `final`: the rate to report (all candidates), not a family's second opinion. */
function crossRegionPeak(
  usable: RegionPulse[],
  fps: number,
  final = false,
): { freq: number; ambiguity: number; sharedSnrDb: number; sharedFloor: number; sharedHarmonicSnrDb: number } {
  const { freqs } = usable[0].rateSpectrum!;
  const n = freqs.length;
  const regions = [...new Set(usable.map((c) => c.region))];
  const sumRe = new Float64Array(n),
    sumIm = new Float64Array(n),
    auto = new Float64Array(n);
  for (const r of regions) {
    const re = new Float64Array(n),
      im = new Float64Array(n);
    for (const c of usable.filter((u) => u.region === r)) {
      const skinFactor = Math.min(1, c.skin / 0.2);
      for (let k = 0; k < n; k++) {
        re[k] += skinFactor * c.rateSpectrum!.re[k];
        im[k] += skinFactor * c.rateSpectrum!.im[k];
      }
    }
    for (let k = 0; k < n; k++) {
      sumRe[k] += re[k];
      sumIm[k] += im[k];
      auto[k] += re[k] ** 2 + im[k] ** 2;
    }
  }
  // With a single region there are no cross terms; fall back to its own power.
  const score = sumRe.map((v, k) => (regions.length > 1 ? v * v + sumIm[k] ** 2 - auto[k] : auto[k]));
  const peak = spectralPeak({ freqs, power: score });
  let fundamentalFreq = fundamental(usable, fps, freqs, score, peak);
  if (final) {
    const above = lineAboveBuriedRate(freqs, score, fundamentalFreq);
    if (above) fundamentalFreq = fundamental(usable, fps, freqs, score, above);
  }
  const freq = final ? lineAboveHump(freqs, score, fundamentalFreq) : fundamentalFreq;
  // A strong peak at twice the rate is either the pulse's own harmonic (0.3-0.6 of its power
  // for a sharp systolic wave) or the true rate read at half: above ~0.6 it is contested.
  const octave = powerNear(freqs, score, 2 * freq) / Math.max(1e-30, powerNear(freqs, score, freq));
  return {
    freq,
    ambiguity: Math.max(rivalRatio(freqs, score, freq), clamp(octave - 0.3, 0, 1)),
    sharedSnrDb: sharedSnrDb(freqs, score, freq),
    sharedFloor: sharedFloor(freqs, score, freq),
    sharedHarmonicSnrDb: harmonicSnrDb(freqs, score, freq),
  };
}

/**
 * A rate in the low band whose lines do not stand out of the shared spectrum and which sits
 * in broadband shared power is a hump, not a pulse (confidence.ts, lostInSharedNoise; the
 * codecs' at 35-65 bpm). If a clear line above the band holds at least 0.4 of its power, that
 * line is the better reading. Reported at low confidence either way: the hump stays the
 * stronger rival (rivalRatio). On the realistic chain every reading this moved came closer
 * to the truth; on the synthetic draws it moved one, 46 to 158 bpm (docs/benchmarks.md).
 */
function lineAboveHump(freqs: Float64Array, score: Float64Array, f0: number): number {
  const reading = {
    rateBpm: f0 * 60,
    sharedSnrDb: sharedSnrDb(freqs, score, f0),
    sharedHarmonicSnrDb: harmonicSnrDb(freqs, score, f0),
  };
  if (!lostInSharedNoise(reading) || sharedFloor(freqs, score, f0) < JUNK_FLOOR) return f0;
  const best = strongestLineAbove(freqs, score, f0, (f) => f * 60 >= HUMP_TOP_BPM);
  const own = powerNear(freqs, score, f0);
  if (best < 0 || score[best] < 0.4 * own || sharedFloor(freqs, score, freqs[best]) >= JUNK_FLOOR) return f0;
  return refinedAt(freqs, score, best).freq;
}

/**
 * A slow reading (below 72 bpm) with a line above it nearly as strong (0.8 of its power) that
 * is not its harmonic: the line above is taken, for the octave check. What piles up in the
 * low band (camera events' and movements' residue, a codec's smearing) outgrows a pulse's
 * line there far more often than anything outgrows one above it: dark skin in heavy noise
 * with three movements read 158 bpm as 68 and 74 as 45. Reported at low confidence either
 * way: the slow peak stays the rival (rivalRatio).
 */
export function lineAboveBuriedRate(
  freqs: Float64Array,
  score: Float64Array,
  f0: number,
): { freq: number; power: number } | undefined {
  if (f0 * 60 >= BURIED_TOP_BPM) return undefined;
  const best = strongestLineAbove(freqs, score, f0, (f) => f - f0 >= 0.12);
  if (best < 0 || score[best] < BURIED_RIVAL * powerNear(freqs, score, f0)) return undefined;
  return refinedAt(freqs, score, best);
}

/**
 * Index of the highest local maximum of `score` at a frequency `above` accepts and not at
 * twice or three times `f0`; -1 when there is none.
 */
function strongestLineAbove(
  freqs: Float64Array,
  score: Float64Array,
  f0: number,
  above: (f: number) => boolean,
): number {
  let best = -1;
  for (let k = 1; k < freqs.length - 1; k++) {
    const harmonic = [2, 3].some((h) => Math.abs(freqs[k] - h * f0) <= 0.06);
    if (!above(freqs[k]) || harmonic || score[k] < score[k - 1] || score[k] < score[k + 1]) continue;
    if (best < 0 || score[k] > score[best]) best = k;
  }
  return best;
}

/** The peak within two bins of `k`, parabola-refined. */
function refinedAt(freqs: Float64Array, score: Float64Array, k: number) {
  return spectralPeak({ freqs, power: score.map((v, i) => (Math.abs(i - k) <= 2 ? v : 0)) });
}

/** De Haan's SNR (spectrum.ts pulseSnrDb) of the shared power, its negative bins as 0. */
function sharedSnrDb(freqs: Float64Array, score: Float64Array, f0: number): number {
  return pulseSnrDb({ freqs, power: score.map((v) => Math.max(0, v)) }, f0);
}

/**
 * Shared power within 0.08 Hz of the rate and of every harmonic in the band, over the rest of
 * the band's, in dB. A slow pulse with a sharp systolic wave keeps much of its power in its
 * third and higher harmonics, which pulseSnrDb counts as noise; broadband shared power (a
 * codec's smearing, camera events' transients) has no such lines.
 */
function harmonicSnrDb(freqs: Float64Array, score: Float64Array, f0: number): number {
  let signal = 0,
    rest = 0;
  for (let k = 0; k < freqs.length; k++) {
    const p = Math.max(0, score[k]);
    const h = Math.round(freqs[k] / f0);
    if (h >= 1 && Math.abs(freqs[k] - h * f0) <= 0.08) signal += p;
    else rest += p;
  }
  return 10 * Math.log10((signal + 1e-30) / (rest + 1e-30));
}

/**
 * The typical (median) size of the shared power 0.15-0.5 Hz either side of the rate, over
 * the rate's own. The regions' sensor noise is independent, so around a pulse the shared
 * power is ~0 however noisy the regions are; a video codec's damage is shared by every
 * region and broadband (a hump at 35-65 bpm through H.264 at phone bitrates), so a peak
 * picked in it stands only a few times above its surroundings.
 */
function sharedFloor(freqs: Float64Array, score: Float64Array, f0: number): number {
  const around: number[] = [];
  for (let k = 0; k < freqs.length; k++) {
    const d = Math.abs(freqs[k] - f0);
    if (d >= 0.15 && d <= 0.5 && Math.abs(freqs[k] - 2 * f0) > 0.15 && Math.abs(freqs[k] - f0 / 2) > 0.15)
      around.push(Math.abs(score[k]));
  }
  const own = powerNear(freqs, score, f0);
  return around.length && own > 0 ? median(around) / own : 1;
}

function powerNear(freqs: Float64Array, score: Float64Array, f: number): number {
  let best = 0;
  for (let k = 0; k < freqs.length; k++) if (Math.abs(freqs[k] - f) <= 0.05) best = Math.max(best, score[k]);
  return best;
}

/**
 * Octave check: in noise the sharp systolic peak can make the second (or, for a slow
 * pulse, the third) harmonic win. Noise has no cross-region power, so real power at
 * 1/2 or 1/3 of the rate means that may be the fundamental. Power there alone is
 * ambiguous in heavy noise (motion leaves some there too), so the time domain decides:
 * if the peak rate is the pulse, the summed signal repeats after one of its periods
 * about as well as after `div` of them; if it is the div-th harmonic, a shift by one of
 * its periods is a fraction of a true beat and decorrelates. That test alone weighs power,
 * not lines: a broad shared hump near the sub-rate (motion residue on dark skin in heavy
 * noise) passes it and took true 123 and 158 bpm pulses to 62 and 82. So the move also
 * needs the signal to anti-correlate at the peak's period (half a true beat) or the
 * sub-rate to be a clear line in the shared spectrum, and never goes to a sub-rate in
 * broadband shared power (subRateIsLine).
 */
function fundamental(
  usable: RegionPulse[],
  fps: number,
  freqs: Float64Array,
  score: Float64Array,
  peak: { freq: number; power: number },
): number {
  for (const div of [3, 2]) {
    const sub = peak.freq / div;
    if (sub < freqs[0]) continue;
    const near = score.map((v, k) => (Math.abs(freqs[k] - sub) <= 0.08 ? v : 0));
    const found = spectralPeak({ freqs, power: near });
    const lag1 = lagCorrelation(usable, fps, 1 / peak.freq);
    if (
      found.power > 0.4 * peak.power &&
      lag1 < 0.5 * lagCorrelation(usable, fps, div / peak.freq) &&
      subRateIsLine(freqs, score, found.freq, lag1)
    )
      return found.freq;
  }
  // And upwards: through a video codec the pulse can grow a sub-harmonic (alternate beats
  // rendered differently) that outgrows it. If the peak is half the true rate, the summed
  // signal repeats after half the peak's period; a true pulse anti-correlates there.
  const up = 2 * peak.freq;
  if (up <= freqs[freqs.length - 1]) {
    const near = score.map((v, k) => (Math.abs(freqs[k] - up) <= 0.08 ? v : 0));
    const found = spectralPeak({ freqs, power: near });
    if (found.power > 0.5 * peak.power && lagCorrelation(usable, fps, 1 / up) > 0.3) return found.freq;
  }
  return peak.freq;
}

/**
 * The sub-rate a peak may move down to: not in the low band's broadband shared power (below
 * 66 bpm with a shared floor of JUNK_FLOOR or more), and either the summed signal
 * anti-correlates at the peak's period or the sub-rate is a clear line. Through a video codec
 * the regions share a hump at 35-65 bpm that dominates the summed signal, so the lag test
 * alone passes there: on the realistic chain it took clear pulse lines of 99-181 bpm to a third
 * or half of their rate. Above the low band a true fundamental may sit in shared power (dark
 * skin, heavy noise and movement: 75 bpm pulses whose second harmonic peaks), so the block
 * stops at 66 bpm.
 */
function subRateIsLine(freqs: Float64Array, score: Float64Array, sub: number, lag1: number): boolean {
  const floor = sharedFloor(freqs, score, sub);
  const inHump = sub * 60 < HUMP_TOP_BPM && floor >= JUNK_FLOOR;
  return !inHump && (lag1 < 0 || floor < CLEAR_FLOOR);
}

/**
 * The strongest rival: the highest cross-region power at least 0.12 Hz (7 bpm) from the
 * chosen rate and not at its harmonics (2f, 3f support the choice), over the chosen
 * rate's power. Near 1 the rate is a coin toss between two peaks (a sub-harmonic, motion,
 * a codec artefact); confidence must say so.
 */
function rivalRatio(freqs: Float64Array, score: Float64Array, f0: number): number {
  let own = 0,
    rival = 0;
  for (let k = 0; k < freqs.length; k++) {
    const f = freqs[k];
    if (Math.abs(f - f0) <= 0.05) own = Math.max(own, score[k]);
    const harmonic = [2, 3].some((h) => Math.abs(f - h * f0) <= 0.12);
    if (
      Math.abs(f - f0) >= 0.12 &&
      !harmonic &&
      k > 0 &&
      k < freqs.length - 1 &&
      score[k] >= score[k - 1] &&
      score[k] >= score[k + 1]
    )
      rival = Math.max(rival, score[k]);
  }
  return own > 0 ? Math.min(1, Math.max(0, rival) / own) : 1;
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
  let ab = 0,
    aa = 0,
    bb = 0;
  for (let i = 0; i + lag < n; i++) {
    ab += x[i] * x[i + lag];
    aa += x[i] ** 2;
    bb += x[i + lag] ** 2;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

/** Equal-weight correlation of regions {0,1} against {2,3}, motion frames left out. */
function halvesCorrelation(usable: RegionPulse[], frames: number, mask?: Uint8Array): number {
  const half = (rs: number[]) => {
    const out = new Float64Array(frames);
    for (const c of usable) if (rs.includes(c.region)) for (let i = 0; i < frames; i++) out[i] += c.signal[i];
    return out;
  };
  const a = half([0, 1]),
    b = half([2, 3]);
  let ab = 0,
    aa = 0,
    bb = 0;
  for (let i = 0; i < frames; i++) {
    if (mask?.[i]) continue;
    ab += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
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
