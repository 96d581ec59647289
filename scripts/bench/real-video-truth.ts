// The reference heart rate of a UBFC-rPPG style recording (ground_truth.txt: line 1 the contact
// PPG, line 3 its sample times in seconds) over a span of the video: beats found on the PPG
// band-passed to 0.7-3.5 Hz, the rate their mean interval gives (docs/benchmarks.md,
// "Real faces on video").
import { readFileSync } from "node:fs";

export type Truth = { ppg: Float64Array; times: Float64Array };

export function readTruth(file: string): Truth {
  const lines = readFileSync(file, "utf8").split("\n");
  const nums = (line: string | undefined) =>
    Float64Array.from((line ?? "").trim().split(/\s+/).filter(Boolean).map(Number));
  const ppg = nums(lines[0]);
  const times = nums(lines[2]);
  if (!ppg.length || ppg.length !== times.length) throw new Error(`${file}: expected the PPG and its times`);
  return { ppg, times };
}

/** Beats per minute over [fromS, toS] of the recording, from the PPG's systolic peaks. */
export function truthRate(truth: Truth, fromS: number, toS: number): number {
  const { ppg, times } = truth;
  const n = ppg.length;
  const fs = (n - 1) / (times[n - 1]! - times[0]!);
  const x = bandPass(ppg, fs);
  // Peaks: local maxima above the span's median that are the highest within 0.33 s (180 bpm).
  const half = Math.max(1, Math.round(0.33 * fs));
  const inSpan: number[] = [];
  for (let i = 0; i < n; i++) if (times[i]! >= fromS && times[i]! <= toS) inSpan.push(x[i]!);
  const floor = [...inSpan].sort((a, b) => a - b)[Math.floor(inSpan.length / 2)] ?? 0;
  const peaks: number[] = [];
  for (let i = 1; i < n - 1; i++) {
    if (times[i]! < fromS || times[i]! > toS || x[i]! <= floor) continue;
    let top = true;
    for (let j = Math.max(0, i - half); j <= Math.min(n - 1, i + half) && top; j++) if (x[j]! > x[i]!) top = false;
    if (top) peaks.push(times[i]!);
  }
  if (peaks.length < 3) return Number.NaN;
  return (60 * (peaks.length - 1)) / (peaks[peaks.length - 1]! - peaks[0]!);
}

/** Zero-phase 2nd-order Butterworth band-pass 0.7-3.5 Hz (a high-pass then a low-pass, each both ways). */
function bandPass(x: Float64Array, fs: number): Float64Array {
  const twice = (y: Float64Array, c: number[]) => biquad(biquad(y, c).reverse(), c).reverse();
  return twice(twice(x, highPass(0.7, fs)), lowPass(3.5, fs));
}

function lowPass(f: number, fs: number): number[] {
  const w = Math.tan((Math.PI * f) / fs),
    q = Math.SQRT1_2,
    n = 1 / (1 + w / q + w * w);
  return [w * w * n, 2 * w * w * n, w * w * n, 2 * (w * w - 1) * n, (1 - w / q + w * w) * n];
}

function highPass(f: number, fs: number): number[] {
  const w = Math.tan((Math.PI * f) / fs),
    q = Math.SQRT1_2,
    n = 1 / (1 + w / q + w * w);
  return [n, -2 * n, n, 2 * (w * w - 1) * n, (1 - w / q + w * w) * n];
}

function biquad(x: Float64Array, [b0, b1, b2, a1, a2]: number[]): Float64Array {
  const y = new Float64Array(x.length);
  let x1 = x[0]!,
    x2 = x[0]!,
    y1 = 0,
    y2 = 0;
  for (let i = 0; i < x.length; i++) {
    const v = b0! * x[i]! + b1! * x1 + b2! * x2 - a1! * y1 - a2! * y2;
    x2 = x1;
    x1 = x[i]!;
    y2 = y1;
    y1 = v;
    y[i] = v;
  }
  return y;
}
