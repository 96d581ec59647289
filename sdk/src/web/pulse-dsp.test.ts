import { describe, expect, it } from "vitest";
import { bandPass, pos, spectralRate, uniformRgb } from "./pulse-dsp.js";

const RATE = 30;
const sine = (hz: number, n: number, rate = RATE, phase = 0) =>
  Float64Array.from({ length: n }, (_, i) => Math.sin((2 * Math.PI * hz * i) / rate + phase));
const rms = (x: Float64Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);

describe("uniformRgb", () => {
  it("puts uneven frames on a uniform grid, interpolating in time and bridging a dropped frame", () => {
    // Frames at 0, 40 and 120 ms (one dropped), each channel following time.
    const colours: [number, number, number][] = [0, 40, 120].map((t) => [t, 2 * t, 100 - t]);
    const [r, g, b] = uniformRgb([0, 40, 120], colours, 0, 120, 25);
    expect(Array.from(r)).toEqual([0, 40, 80, 120]);
    expect(Array.from(g)).toEqual([0, 80, 160, 240]);
    expect(Array.from(b)).toEqual([100, 60, 20, -20]);
  });
});

describe("pos", () => {
  it("cancels a change of the light's level, which scales every channel alike", () => {
    const n = 300;
    const light = Float64Array.from({ length: n }, (_, i) => 1 + 0.05 * Math.sin((2 * Math.PI * 1.2 * i) / RATE));
    const h = pos(
      light.map((v) => 180 * v),
      light.map((v) => 130 * v),
      light.map((v) => 110 * v),
      RATE,
    );
    expect(rms(h)).toBeLessThan(1e-9);
  });

  it("keeps a pulse that darkens green most, with the beat pointing up", () => {
    const n = 300;
    const blood = sine(1.2, n).map((v) => 0.5 + 0.5 * v);
    const h = pos(
      blood.map((v) => 180 * (1 - 0.0013 * v)),
      blood.map((v) => 130 * (1 - 0.003 * v)),
      blood.map((v) => 110 * (1 - 0.0021 * v)),
      RATE,
    );
    const mean = blood.reduce((s, v) => s + v, 0) / n;
    const correlation = h.reduce((s, v, i) => s + v * (blood[i]! - mean), 0);
    expect(rms(h)).toBeGreaterThan(1e-4);
    expect(correlation).toBeGreaterThan(0);
  });
});

describe("bandPass", () => {
  it("passes the pulse band and removes breathing-slow drift and fast flicker", () => {
    const n = 600;
    const inBand = rms(bandPass(sine(1.2, n), RATE).subarray(60, -60));
    // A sine's 0.71, times the filter's 0.88 at 1.2 Hz (0.7 Hz is its -6 dB edge, run twice).
    expect(inBand).toBeGreaterThan(0.58);
    expect(inBand).toBeLessThan(0.68);
    expect(rms(bandPass(sine(0.15, n), RATE).subarray(60, -60))).toBeLessThan(0.05);
    expect(rms(bandPass(sine(8, n), RATE).subarray(60, -60))).toBeLessThan(0.05);
  });
});

describe("spectralRate", () => {
  it("finds a pure tone's rate to a fraction of a bpm, between the spectrum's bins", () => {
    for (const bpm of [48.3, 72, 97.7, 150.2, 195]) {
      const { bpm: found, quality } = spectralRate(sine(bpm / 60, 300), RATE);
      expect(Math.abs(found - bpm)).toBeLessThan(0.3);
      expect(quality).toBeGreaterThan(0.95);
    }
  });
});
