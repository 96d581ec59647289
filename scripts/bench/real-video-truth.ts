// The reference heart rate of a UBFC-rPPG style recording (ground_truth.txt: line 1 the contact
// PPG, line 3 its sample times in seconds) over a span of the video: beats found on the PPG
// band-passed to 0.7-3.5 Hz (the service's own zero-phase filter), the rate their mean interval gives (docs/benchmarks.md,
// "Real faces on video").
import { readFileSync } from "node:fs";
import type { AnalyzeOutcome } from "../../inference/src/index";
import { bandPass } from "../../inference/src/dsp/filters";

export type Truth = { ppg: Float64Array; times: Float64Array };

/** One video's line of a table: the truth, what the service read, its confidence and reasons. */
export type Reading = { subject: string; truth: number; hr: number; conf: number; reasons: string };

/** The reading of an outcome (`why`: what failed when there is none, e.g. the capture's error). */
export function readingOf(subject: string, truth: number, out: AnalyzeOutcome | undefined, why = "no tensor"): Reading {
  if (!out?.ok) return { subject, truth, hr: Number.NaN, conf: 0, reasons: out ? out.error.code : why };
  const reasons = out.vitals.quality?.reasons.join(",") || "-";
  return { subject, truth, hr: out.vitals.heart_rate, conf: out.vitals.confidence, reasons };
}

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
  const x = bandPass(ppg, fs, 0.7, 3.5);
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
