import { randomInt } from "node:crypto";
import { z } from "zod";
import type { Vitals, VitalsQuality } from "@vitals/inference";

// Ranges around healthy-adult norms, varied per session, so fallback values never look
// identical across scans. Each value is drawn uniformly inside [min, max].
const range = z.object({ min: z.number(), max: z.number() });
export const fallbackConfigSchema = z.object({
  heart_rate: range,
  hrv: range,
  respiratory_rate: range,
  spo2: range,
  systolic_bp: range,
  diastolic_bp_offset: range,
  confidence: z.literal(0),
});
export type FallbackConfig = z.infer<typeof fallbackConfigSchema>;

// One definition of the spec's Vitals object, shared with the inference package.
export type { Vitals } from "@vitals/inference";

/** A uniform number in [lo, hi] with the given decimals, from the CSPRNG. */
function between(lo: number, hi: number, decimals = 0): number {
  const scale = 10 ** decimals;
  return randomInt(Math.round(lo * scale), Math.round(hi * scale) + 1) / scale;
}

export function generateFallbackConfig(): FallbackConfig {
  return {
    heart_rate: { min: between(60, 70), max: between(80, 95) },
    hrv: { min: between(25, 40), max: between(55, 80) },
    respiratory_rate: { min: between(12, 14), max: between(16, 20) },
    spo2: { min: between(95, 96), max: between(98, 99) },
    systolic_bp: { min: between(105, 115), max: between(120, 130) },
    diastolic_bp_offset: { min: between(35, 40), max: between(42, 48) },
    confidence: 0,
  };
}

const round = (v: number, decimals: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;

/** A per-vital quality block (docs/api.md, "Per-vital quality") with the given figures and no reasons. */
function quality(
  heartRate: number,
  snrDb: number,
  breathing: number,
  hrv: number,
  beats: number,
  spo2: number,
  bloodPressure: number,
): VitalsQuality {
  return {
    heart_rate: { confidence: heartRate, snr_db: snrDb },
    respiratory_rate: { confidence: breathing },
    hrv: { confidence: hrv, beats },
    spo2: { confidence: spo2 },
    blood_pressure: { confidence: bloodPressure },
    reasons: [],
  };
}

/** Per-vital quality of a result that is not a measurement: every confidence 0.0, like the overall one. */
const NOT_MEASURED: VitalsQuality = Object.freeze(quality(0, 0, 0, 0, 0, 0, 0));

/** Fallback vitals: each drawn in the session's stored ranges; confidence 0.0 says "not a measurement". */
export function fallbackVitals(config: FallbackConfig): Vitals {
  const systolic = between(config.systolic_bp.min, config.systolic_bp.max, 1);
  const offset = between(config.diastolic_bp_offset.min, config.diastolic_bp_offset.max, 1);
  return {
    heart_rate: between(config.heart_rate.min, config.heart_rate.max, 1),
    respiratory_rate: between(config.respiratory_rate.min, config.respiratory_rate.max, 1),
    hrv: between(config.hrv.min, config.hrv.max, 0),
    spo2: between(config.spo2.min, config.spo2.max, 1),
    systolic_bp: systolic,
    diastolic_bp: round(systolic - offset, 1),
    confidence: 0,
    quality: NOT_MEASURED,
  };
}

/** The sandbox's fixed answer for every test-key scan (docs/api.md, "SDK endpoints"). */
export const SANDBOX_VITALS: Vitals = Object.freeze({
  heart_rate: 72,
  respiratory_rate: 16,
  hrv: 48,
  spo2: 98,
  systolic_bp: 118,
  diastolic_bp: 76,
  confidence: 0.95,
  // Fixed like the values, shaped like a real scan's (docs/api.md, "quality").
  quality: Object.freeze(quality(0.95, 6, 0.8, 0.7, 29, 0.3, 0.2)),
});
