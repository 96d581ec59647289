// Which line of the shared spectrum is the pulse: the peak, then the rules that move it to
// its fundamental, off a slow hump or a buried slow rate, and what the choice is worth.
import { spectralPeak } from "../dsp/spectrum.js";
import { clamp } from "../dsp/stats.js";
import { HUMP_TOP_BPM, lostInSharedNoise } from "./confidence.js";
import type { RegionPulse } from "./pulse-candidates.js";
import {
  CLEAR_FLOOR,
  JUNK_FLOOR,
  crossRegionScore,
  harmonicSnrDb,
  powerNear,
  refinedAt,
  rivalRatio,
  sharedFloor,
  sharedSnrDb,
  strongestLineAbove,
} from "./shared-spectrum.js";

// lineAboveBuriedRate: below this rate a line above holding this share of the power wins.
const BURIED_TOP_BPM = 72;
const BURIED_RIVAL = 0.8;

/** `final`: the rate to report (all candidates), not a family's second opinion. */
export function crossRegionPeak(
  usable: RegionPulse[],
  fps: number,
  final = false,
): { freq: number; ambiguity: number; sharedSnrDb: number; sharedFloor: number; sharedHarmonicSnrDb: number } {
  const { freqs, score } = crossRegionScore(usable);
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
 * to the truth; on the synthetic draws it moved one, 46 to 158 bpm (docs/history/benchmarks-diary.md,
 * "The octave check and a codec's hump").
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
