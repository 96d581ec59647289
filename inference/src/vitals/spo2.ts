// SpO2 by ratio of ratios. With an RGB camera the pair is red (absorbed more by
// deoxygenated haemoglobin) against blue; the constants are the textbook
// pulse-oximeter line SpO2 = A - B * R, NOT a calibration of camera optics.
// docs/inference.md says what this can and cannot claim.
export const SPO2_A = 110;
export const SPO2_B = 25;
export const SPO2_MIN = 70;
export const SPO2_MAX = 100;

/** acRed/dcRed over acBlue/dcBlue -> SpO2 %, clamped to the physiological range. */
export function spo2FromRatio(ratio: number): number {
  const v = SPO2_A - SPO2_B * ratio;
  return Math.min(SPO2_MAX, Math.max(SPO2_MIN, v));
}
