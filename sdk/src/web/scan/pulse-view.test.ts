import { describe, expect, it } from "vitest";
import type { PulseReading } from "../events.js";
import { ANNOUNCE_EVERY_MS, provisionalRate, pulseAnnouncement, pulsePoints, rateLabel } from "./pulse-view.js";

const reading = (heartRate: number | null, seconds = 10): PulseReading => ({
  provisional: true,
  waveform: [0, 1, -1],
  sampleRate: 30,
  heartRate,
  quality: heartRate === null ? 0.3 : 0.9,
  seconds,
  elapsedSeconds: seconds + 1,
});

describe("pulsePoints", () => {
  it("spans the width, oldest at the left, more blood up", () => {
    expect(pulsePoints([0, 1, -1])).toBe("0.0,24.0 150.0,3.0 300.0,45.0");
  });
  it("draws nothing for an empty wave (the signal was lost)", () => {
    expect(pulsePoints([])).toBe("");
  });
});

describe("provisionalRate", () => {
  it("is the SDK's rate in whole bpm, or none while the signal is poor", () => {
    expect(provisionalRate(reading(71.6))).toBe(72);
    expect(provisionalRate(reading(null))).toBeNull();
    expect(provisionalRate(null)).toBeNull();
  });
});

describe("rateLabel", () => {
  it("shows the rate, or why there is none yet", () => {
    expect(rateLabel(reading(71.6))).toBe("about 72 bpm");
    expect(rateLabel(null)).toBe("needs 5 s of steady face");
    expect(rateLabel({ ...reading(null), waveform: [] })).toBe("needs 5 s of steady face");
    expect(rateLabel(reading(null, 6))).toBe("rate in a few seconds");
    expect(rateLabel(reading(null, 10))).toBe("signal too weak for a rate");
  });
});

describe("pulseAnnouncement", () => {
  it("speaks a rate at once, then not again for a few seconds", () => {
    expect(pulseAnnouncement(72, 10_000, null)).toBe("Provisional pulse about 72 beats per minute.");
    expect(pulseAnnouncement(73, 10_000 + ANNOUNCE_EVERY_MS - 1, 10_000)).toBeNull();
    expect(pulseAnnouncement(73, 10_000 + ANNOUNCE_EVERY_MS, 10_000)).toMatch(/about 73 beats/);
  });
  it("says nothing without a rate", () => {
    expect(pulseAnnouncement(null, 50_000, null)).toBeNull();
  });
});
