// Real camera PPG against an ECG-grade chest strap: tests beat detection, interval
// cleaning and SDNN on real waveforms with real variability (not the extraction).
import { describe, expect, it } from "vitest";
import { analyseRecording } from "./welltory-analysis.js";
import { loadRecordings, welltoryAvailable } from "./welltory.js";

describe.skipIf(!welltoryAvailable())("welltory PPG vs Polar H10", () => {
  const results = welltoryAvailable() ? loadRecordings(30).map((r) => ({ name: r.name, ...analyseRecording(r) })) : [];

  it("finds the heart rate of every recording within 3 bpm, 1.5 bpm on average", () => {
    expect(results.length).toBe(21);
    for (const r of results) expect(Math.abs(r.hr - r.refHr), r.name).toBeLessThan(3);
    const mae = results.reduce((a, r) => a + Math.abs(r.hr - r.refHr), 0) / results.length;
    expect(mae).toBeLessThan(1.5);
  });

  it("measures SDNN within 10 ms on average, 20 ms worst case", () => {
    for (const r of results) expect(Math.abs(r.sdnn - r.refSdnn), r.name).toBeLessThan(20);
    const mae = results.reduce((a, r) => a + Math.abs(r.sdnn - r.refSdnn), 0) / results.length;
    expect(mae).toBeLessThan(10);
  });
});
