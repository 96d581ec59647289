// The SDNN reported when the beats cannot measure it (docs/inference.md, "HRV (SDNN)").
import { clamp } from "../dsp/stats.js";

// HRV confidence at and above which the measurement stands alone (the spec's "medium").
const TRUSTED_CONFIDENCE = 0.4;

/**
 * Timing noise only widens the spread of the intervals, and the halves' jitter correction
 * (dsp/hrv.ts) removes only what it can measure, not beats timed on the wrong bump. So a
 * reading above what is typical at this heart rate is pulled toward the typical value as
 * far as the beats are not trusted; a reading below it is kept. Typical: 50 ms at 70 bpm
 * (short-term resting norms), scaling with the square of the mean interval, 8-60 ms.
 */
export function reportedSdnn(measuredMs: number, heartRate: number, hrvConfidence: number): number {
  const typical = typicalSdnn(heartRate);
  if (!(measuredMs > typical)) return measuredMs;
  const trust = clamp(hrvConfidence / TRUSTED_CONFIDENCE, 0, 1);
  return typical + trust * (measuredMs - typical);
}

export function typicalSdnn(heartRate: number): number {
  return clamp(50 * (70 / heartRate) ** 2, 8, 60);
}
