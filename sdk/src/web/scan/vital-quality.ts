// What the result's per-vital quality says (docs/api.md, "Per-vital quality"), in the words
// <vitals-scan> shows: each vital's own confidence and what to do about each reason.
import type { Vitals } from "../../types.js";
import { EN, type ScanTexts } from "./texts.js";

export type VitalKey = "heart_rate" | "respiratory_rate" | "hrv" | "spo2" | "systolic_bp" | "diastolic_bp";

/** Each shown vital's own confidence; both blood pressures share one. Empty without quality. */
export function perVitalConfidence(vitals: Vitals): Partial<Record<VitalKey, number>> {
  const q = vitals.quality;
  if (!q) return {};
  return {
    heart_rate: q.heart_rate.confidence,
    respiratory_rate: q.respiratory_rate.confidence,
    hrv: q.hrv.confidence,
    spo2: q.spo2.confidence,
    systolic_bp: q.blood_pressure.confidence,
    diastolic_bp: q.blood_pressure.confidence,
  };
}

/** One sentence per reason the result names, in the API's order; unknown reasons are skipped. */
export function reasonAdvice(vitals: Vitals, t: ScanTexts = EN): string[] {
  const advice = t.reasons as Record<string, string>;
  return (vitals.quality?.reasons ?? []).flatMap((r) => (r in advice ? [advice[r]!] : []));
}
