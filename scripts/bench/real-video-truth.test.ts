import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTruth, truthRate } from "./real-video-truth";

/** A ground_truth.txt as UBFC-rPPG writes it: the PPG, the rate, the times (seconds). */
function truthFile(bpmAt: (s: number) => number, seconds = 30, fs = 60): string {
  const times: number[] = [];
  const ppg: number[] = [];
  let phase = 0;
  for (let i = 0; i < seconds * fs; i++) {
    const s = i / fs;
    phase += (2 * Math.PI * bpmAt(s)) / 60 / fs;
    times.push(s);
    // A systolic peak and a dicrotic bump, on a slow baseline drift.
    ppg.push(Math.sin(phase) + 0.3 * Math.sin(2 * phase + 1) + 0.5 * Math.sin(0.2 * s));
  }
  const file = path.join(mkdtempSync(path.join(tmpdir(), "truth-")), "ground_truth.txt");
  writeFileSync(file, `${ppg.join(" ")}\n${ppg.map(() => 0).join(" ")}\n${times.join(" ")}\n`);
  return file;
}

describe("the reference rate of a recording", () => {
  it("counts the PPG's beats over the span asked", () => {
    const truth = readTruth(truthFile(() => 84));
    expect(truthRate(truth, 2, 22)).toBeCloseTo(84, 0);
  });

  it("follows a rate that changes: the span's own beats, not the recording's", () => {
    const truth = readTruth(truthFile((s) => (s < 15 ? 70 : 110)));
    expect(Math.abs(truthRate(truth, 1, 14) - 70)).toBeLessThan(1.5);
    expect(Math.abs(truthRate(truth, 16, 29) - 110)).toBeLessThan(1.5);
  });

  it("refuses a file whose PPG and times differ in length", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "truth-")), "ground_truth.txt");
    writeFileSync(file, "1 2 3\n0\n0 1\n");
    expect(() => readTruth(file)).toThrow(/PPG and its times/);
  });
});
