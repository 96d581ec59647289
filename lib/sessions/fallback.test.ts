import { describe, expect, it } from "vitest";
import { fallbackConfigSchema, fallbackVitals, generateFallbackConfig, SANDBOX_VITALS } from "./fallback";

const decimals = (v: number) => (String(v).split(".")[1] ?? "").length;

describe("fallback vitals", () => {
  it("draws every value inside the session's ranges, rounded as the spec's values are, confidence 0.0", () => {
    for (let i = 0; i < 500; i++) {
      const config = generateFallbackConfig();
      expect(fallbackConfigSchema.parse(config)).toEqual(config);
      const v = fallbackVitals(config);
      for (const f of ["heart_rate", "respiratory_rate", "spo2", "systolic_bp", "hrv"] as const) {
        expect(v[f]).toBeGreaterThanOrEqual(config[f].min);
        expect(v[f]).toBeLessThanOrEqual(config[f].max);
      }
      const offset = Math.round((v.systolic_bp - v.diastolic_bp) * 10) / 10;
      expect(offset).toBeGreaterThanOrEqual(config.diastolic_bp_offset.min);
      expect(offset).toBeLessThanOrEqual(config.diastolic_bp_offset.max);
      for (const f of ["heart_rate", "respiratory_rate", "spo2", "systolic_bp", "diastolic_bp"] as const)
        expect(decimals(v[f])).toBeLessThanOrEqual(1);
      expect(Number.isInteger(v.hrv)).toBe(true);
      expect(v.confidence).toBe(0);
      // Not a measurement: no vital claims any confidence either.
      for (const k of ["heart_rate", "respiratory_rate", "hrv", "spo2", "blood_pressure"] as const)
        expect(v.quality?.[k].confidence).toBe(0);
    }
  });

  it("varies the ranges around healthy-adult norms from session to session", () => {
    const configs = Array.from({ length: 50 }, generateFallbackConfig);
    for (const c of configs) {
      expect(c.heart_rate.min).toBeGreaterThanOrEqual(60);
      expect(c.heart_rate.min).toBeLessThanOrEqual(70);
      expect(c.heart_rate.max).toBeGreaterThanOrEqual(80);
      expect(c.heart_rate.max).toBeLessThanOrEqual(95);
      expect(c.confidence).toBe(0);
    }
    expect(new Set(configs.map((c) => JSON.stringify(c))).size).toBeGreaterThan(40);
  });

  it("keeps the sandbox's fixed answer", () => {
    expect(SANDBOX_VITALS).toMatchObject({
      heart_rate: 72,
      respiratory_rate: 16,
      hrv: 48,
      spo2: 98,
      systolic_bp: 118,
      diastolic_bp: 76,
      confidence: 0.95,
    });
    expect(SANDBOX_VITALS.quality?.heart_rate.confidence).toBe(0.95);
    expect(Object.isFrozen(SANDBOX_VITALS)).toBe(true);
  });
});
