// A deliberately conservative blood-pressure ESTIMATE. Camera PPG carries no absolute
// pressure; what it has is heart rate and pulse shape, which correlate weakly with BP
// in populations. So we start from age/sex population means (NHANES-like trends) and
// let the pulse move the estimate by a bounded amount. docs/inference.md explains.
import type { Demographics } from "../types.js";
import { clamp } from "../dsp/stats.js";

export type PulseShape = {
  heartRate: number;
  /** Fraction of the beat interval from trough to systolic peak (stiffer arteries: shorter). */
  riseFraction: number;
};

const DEFAULT_AGE = 40;

export function estimateBloodPressure(
  shape: PulseShape,
  demo: Demographics = {},
): { systolic: number; diastolic: number } {
  const age = clamp(demo.age ?? DEFAULT_AGE, 1, 120);
  const sexOffset = demo.sex === "M" ? 4 : demo.sex === "F" ? -4 : 0;
  // Population trend: systolic rises ~0.5 mmHg/year after 30, diastolic ~0.2 until ~60.
  let systolic = 112 + 0.5 * Math.max(0, age - 30) + sexOffset;
  let diastolic = 72 + 0.2 * Math.max(0, Math.min(age, 60) - 30) + sexOffset / 2;
  // Pulse terms, each capped at +-6 mmHg so a noisy feature cannot make a claim.
  const hrTerm = Number.isFinite(shape.heartRate) ? clamp(0.2 * (shape.heartRate - 70), -6, 6) : 0;
  const riseTerm = Number.isFinite(shape.riseFraction) ? clamp(-40 * (shape.riseFraction - 0.2), -6, 6) : 0;
  systolic += hrTerm + riseTerm;
  diastolic += 0.6 * hrTerm + 0.5 * riseTerm;
  return { systolic: clamp(systolic, 90, 160), diastolic: clamp(diastolic, 55, 100) };
}
