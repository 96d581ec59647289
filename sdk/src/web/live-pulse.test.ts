import { describe, expect, it } from "vitest";
import { syntheticSkin, type SyntheticSkinOptions } from "../../test/synthetic-skin.js";
import type { PulseReading } from "./events.js";
import { LivePulse, PULSE_SAMPLE_RATE, RATE_AFTER_S, WAVEFORM_S } from "./live-pulse.js";

/** Every event the live pulse gives for a synthetic capture (undefined colour: an unusable frame). */
function readings(o: SyntheticSkinOptions, usable: (t: number) => boolean = () => true) {
  const skin = syntheticSkin(o);
  const live = new LivePulse();
  const out: PulseReading[] = [];
  skin.times.forEach((t, i) => {
    const reading = live.frame(t, usable(t) ? skin.colours[i] : undefined);
    if (reading) out.push(reading);
  });
  return { skin, out };
}

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1]!;

const correlation = (a: number[], b: number[]) => {
  const ma = a.reduce((s, v) => s + v, 0) / a.length,
    mb = b.reduce((s, v) => s + v, 0) / b.length;
  let ab = 0,
    aa = 0,
    bb = 0;
  a.forEach((v, i) => {
    ab += (v - ma) * (b[i]! - mb);
    aa += (v - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  });
  return ab / Math.sqrt(aa * bb);
};

describe("LivePulse", () => {
  it("reads a 72 bpm pulse under noise and a drifting light within 2 bpm, twice a second after 5 s", () => {
    const rated: number[] = [];
    let full = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const { out } = readings({ bpm: 72, seconds: 20, seed });
      // 5 s of warm-up, then every 0.5 s of capture time; a rate from 8 s of signal on.
      expect(out[0]!.elapsedSeconds).toBeGreaterThanOrEqual(5);
      expect(out[0]!.elapsedSeconds).toBeLessThan(5.1);
      expect(out.length).toBeGreaterThanOrEqual(29);
      for (const [i, e] of out.entries())
        if (i) expect(e.elapsedSeconds - out[i - 1]!.elapsedSeconds).toBeCloseTo(0.5, 1);
      for (const e of out) {
        if (e.seconds < RATE_AFTER_S) expect(e.heartRate).toBeNull();
        else full++;
        if (e.heartRate !== null) rated.push(e.heartRate);
      }
    }
    const errors = rated.map((r) => Math.abs(r - 72));
    console.log(
      `72 bpm, 10 captures: ${rated.length} of ${full} readings over 8-10 s rated, error median ${median(errors).toFixed(2)} max ${Math.max(...errors).toFixed(2)} bpm`,
    );
    expect(Math.max(...errors)).toBeLessThanOrEqual(2);
    expect(rated.length).toBeGreaterThan(0.8 * full);
  });

  it.each([
    { bpm: 52, fps: 30 },
    { bpm: 128, fps: 30 },
    { bpm: 165, fps: 30 },
    { bpm: 88, fps: 15 },
    { bpm: 64, fps: 60 },
  ])("reads $bpm bpm at $fps fps, with jitter and dropped frames, within 2 bpm", ({ bpm, fps }) => {
    const { out } = readings({ bpm, fps, seconds: 16, seed: bpm, noise: 0.05, jitterMs: 250 / fps, dropEvery: 11 });
    const rated = out.filter((e) => e.heartRate !== null);
    const last = out[out.length - 1]!;
    console.log(
      `${bpm} bpm at ${fps} fps: last ${last.heartRate} (quality ${last.quality}), ${rated.length} of ${out.length} rated`,
    );
    expect(Math.abs(last.heartRate! - bpm)).toBeLessThanOrEqual(2);
    for (const e of rated) expect(Math.abs(e.heartRate! - bpm)).toBeLessThanOrEqual(2);
  });

  it("gives almost never a rate for noise and drift without a pulse", () => {
    const qualities: number[] = [];
    let rated = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const { out } = readings({ bpm: 0, seconds: 20, seed });
      for (const e of out) {
        qualities.push(e.quality);
        if (e.heartRate !== null) rated++;
      }
    }
    console.log(
      `noise, 100 captures: quality median ${median(qualities)}, max ${Math.max(...qualities)}; ${rated} of ${qualities.length} readings rated`,
    );
    expect(median(qualities)).toBeLessThan(0.5);
    expect(rated / qualities.length).toBeLessThan(0.005);
  });

  it("draws the last 6 s of the wave, scaled to -1..1, its beats pointing up where the blood is", () => {
    const { skin, out } = readings({ bpm: 72, seconds: 12, seed: 9, noise: 0.05 });
    const last = out[out.length - 1]!;
    expect(last).toMatchObject({ provisional: true, sampleRate: PULSE_SAMPLE_RATE, seconds: expect.any(Number) });
    expect(last.waveform).toHaveLength(WAVEFORM_S * PULSE_SAMPLE_RATE);
    expect(Math.max(...last.waveform.map(Math.abs))).toBe(1);
    // The wave ends at the frame the reading came with, on the grid of the event's sample rate.
    const end = skin.times[0]! + last.elapsedSeconds * 1000;
    const truth = last.waveform.map((_, i) =>
      skin.bloodVolume(end - ((last.waveform.length - 1 - i) * 1000) / PULSE_SAMPLE_RATE),
    );
    const r = correlation(last.waveform, truth);
    console.log(`waveform against the blood volume: r = ${r.toFixed(3)}`);
    expect(r).toBeGreaterThan(0.8);
  });

  it("says once that the signal was lost, then starts over after 5 s of steady face", () => {
    // The face is lost from 8 to 9.5 s.
    const { out } = readings({ bpm: 72, seconds: 20, seed: 3 }, (t) => t < 8000 || t > 9500);
    const lost = out.findIndex((e) => e.waveform.length === 0);
    expect(out[lost]).toMatchObject({ provisional: true, heartRate: null, quality: 0, seconds: 0 });
    expect(out[lost]!.elapsedSeconds).toBeGreaterThan(8.4);
    expect(out[lost]!.elapsedSeconds).toBeLessThan(9);
    // Nothing more until 5 s of signal after the face came back.
    expect(out[lost + 1]!.elapsedSeconds).toBeGreaterThanOrEqual(14.5);
    expect(out[lost + 1]!.seconds).toBeLessThan(5.6);
    expect(out.filter((e) => e.waveform.length === 0)).toHaveLength(1);
  });

  it("bridges a short hole (a few unusable frames) without starting over", () => {
    const { out } = readings({ bpm: 72, seconds: 14, seed: 4 }, (t) => t < 8000 || t > 8300);
    expect(out.every((e) => e.waveform.length > 0)).toBe(true);
    expect(out[out.length - 1]!.seconds).toBeCloseTo(10, 1);
  });
});
