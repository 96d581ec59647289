// Ground-truth physiology for synthetic scans: beat times with HRV, respiration,
// and the blood-volume waveform those produce.
import { gaussian, seededRandom } from "./random.js";

export type Physiology = {
  heartRate: number; // bpm, mean over the capture
  sdnnMs: number; // target spread of inter-beat intervals
  respiratoryRate: number; // breaths per minute
};

export type BeatTrain = { beatTimes: number[]; ibisMs: number[] };

/**
 * Inter-beat intervals = mean + respiratory sinus arrhythmia + AR(1) noise, scaled so
 * the intervals spread roughly by `sdnnMs`. Truth is computed from the result, not the target.
 */
export function beatTrain(p: Physiology, seconds: number, seed: number): BeatTrain {
  const rand = seededRandom(seed);
  const gauss = gaussian(rand);
  const mean = 60 / p.heartRate;
  const sd = p.sdnnMs / 1000;
  const rsa = sd * 0.9; // RSA amplitude: sinusoid std is amp/sqrt(2); mixed with the AR part
  const arSd = sd * 0.55;
  const fr = p.respiratoryRate / 60;
  const phase = rand() * 2 * Math.PI;
  const beatTimes: number[] = [];
  let t = -rand() * mean; // first beat before the capture starts
  let ar = 0;
  while (t < seconds + 2) {
    beatTimes.push(t);
    ar = 0.6 * ar + Math.sqrt(1 - 0.36) * arSd * gauss();
    const ibi = mean + rsa * Math.sin(2 * Math.PI * fr * t + phase) + ar;
    t += Math.max(0.3, ibi);
  }
  const ibisMs: number[] = [];
  for (let i = 1; i < beatTimes.length; i++) ibisMs.push((beatTimes[i] - beatTimes[i - 1]) * 1000);
  return { beatTimes, ibisMs };
}

/**
 * Relative blood volume at time t (0 at diastole, ~1 at systolic peak): a systolic
 * wave plus a dicrotic wave per beat, its amplitude and baseline modulated by breathing.
 */
export function bloodVolume(
  train: BeatTrain,
  respiratoryRate: number,
  respPhase: number,
  times: Float64Array,
): Float64Array {
  const out = new Float64Array(times.length);
  const fr = respiratoryRate / 60;
  const { beatTimes } = train;
  // The dicrotic wave follows the systolic one by ~0.32 s at rest; at high rates it moves
  // closer (the systole shortens), never past 2/3 of the interval, else it would pose as
  // the next beat. Unchanged up to ~125 bpm.
  const meanIbi = beatTimes.length > 1 ? (beatTimes[beatTimes.length - 1] - beatTimes[0]) / (beatTimes.length - 1) : 1;
  const dicrotic = Math.min(0.32, 0.67 * meanIbi);
  let first = 0;
  for (let i = 0; i < times.length; i++) {
    const t = times[i];
    while (first < beatTimes.length && beatTimes[first] < t - 1.2) first++;
    const resp = Math.sin(2 * Math.PI * fr * t + respPhase);
    let v = 0;
    for (let b = first; b < beatTimes.length && beatTimes[b] < t + 0.5; b++) {
      const tau = t - beatTimes[b];
      // Amplitude modulation by breathing (RIAV)
      const amp = 1 + 0.15 * Math.sin(2 * Math.PI * fr * beatTimes[b] + respPhase);
      v += amp * (Math.exp(-0.5 * (tau / 0.08) ** 2) + 0.35 * Math.exp(-0.5 * ((tau - dicrotic) / 0.1) ** 2));
    }
    out[i] = v + 0.25 * resp; // baseline modulation (RIIV)
  }
  return out;
}

/** SDNN (population std) of a list of intervals, the definition used everywhere in this package. */
export function sdnn(ibisMs: number[]): number {
  if (ibisMs.length < 2) return 0;
  const m = ibisMs.reduce((a, b) => a + b, 0) / ibisMs.length;
  return Math.sqrt(ibisMs.reduce((a, b) => a + (b - m) ** 2, 0) / ibisMs.length);
}
