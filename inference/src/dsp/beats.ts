// Beat detection on the band-passed pulse, sub-frame peak timing, and IBI cleaning.

export type Beats = { times: number[]; amplitudes: number[] };

/**
 * Systolic peaks: local maxima at least 0.6 expected intervals apart, picked strongest
 * first so a dicrotic bump never displaces the beat it belongs to; a parabola through
 * the three samples around each maximum places it between frames (at 30 fps one frame
 * is 33 ms, far coarser than the HRV we measure).
 */
export function detectBeats(x: Float64Array, rate: number, pulseHz: number): Beats {
  const minGap = (0.6 * rate) / pulseHz;
  const candidates: number[] = [];
  for (let i = 1; i < x.length - 1; i++) if (x[i] > x[i - 1] && x[i] >= x[i + 1]) candidates.push(i);
  candidates.sort((a, b) => x[b] - x[a]);
  const taken = new Uint8Array(x.length);
  const accepted: number[] = [];
  for (const i of candidates) {
    let clash = false;
    for (let j = Math.max(0, Math.ceil(i - minGap)); j <= Math.min(x.length - 1, Math.floor(i + minGap)); j++) {
      if (taken[j]) {
        clash = true;
        break;
      }
    }
    if (clash) continue;
    taken[i] = 1;
    accepted.push(i);
  }
  accepted.sort((a, b) => a - b);
  // Peaks far below the typical beat are noise that filled a gap, not beats.
  const heights = accepted.map((i) => x[i]).sort((a, b) => a - b);
  const typical = heights[heights.length >> 1] ?? 0;
  const times: number[] = [];
  const amplitudes: number[] = [];
  const span = Math.round((0.6 * rate) / pulseHz);
  for (const i of accepted) {
    if (x[i] < 0.3 * typical || x[i] <= 0) continue;
    const [a, b, c] = [x[i - 1], x[i], x[i + 1]];
    const d = a - 2 * b + c;
    const offset = d < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / d)) : 0;
    let trough = b;
    for (let j = Math.max(0, i - span); j < i; j++) trough = Math.min(trough, x[j]);
    times.push((i + offset) / rate);
    amplitudes.push(b - trough);
  }
  return { times, amplitudes };
}

export type CleanIntervals = { ibisMs: number[]; midTimes: number[]; keptFraction: number };

/**
 * Keeps intervals consistent with their neighbours: a missed or extra beat makes an
 * interval far from the local median, and one such artefact would dominate SDNN.
 * `excluded` drops intervals that span a motion segment (their beats are not trustworthy).
 */
export function cleanIntervals(times: number[], excluded?: (from: number, to: number) => boolean): CleanIntervals {
  const raw = times.slice(1).map((t, i) => (t - times[i]) * 1000);
  if (raw.length < 3) return { ibisMs: [], midTimes: [], keptFraction: 0 };
  const sorted = [...raw].sort((a, b) => a - b);
  const globalMedian = sorted[sorted.length >> 1];
  const ibisMs: number[] = [];
  const midTimes: number[] = [];
  raw.forEach((ibi, i) => {
    const local = raw.slice(Math.max(0, i - 3), i + 4).sort((a, b) => a - b);
    const localMedian = local[local.length >> 1];
    const ok =
      !excluded?.(times[i], times[i + 1]) &&
      ibi > 0.7 * globalMedian &&
      ibi < 1.4 * globalMedian &&
      Math.abs(ibi - localMedian) < 0.22 * localMedian;
    if (ok) {
      ibisMs.push(ibi);
      midTimes.push((times[i] + times[i + 1]) / 2);
    }
  });
  return { ibisMs, midTimes, keptFraction: ibisMs.length / raw.length };
}
