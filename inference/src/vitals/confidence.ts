// Confidence from measured signal quality, calibrated to the spec's bands
// (>= 0.7 high, 0.4-0.7 moderate, < 0.4 low). Pulse SNR gates everything:
// without a pulse peak standing out, agreement or stability cannot raise it.
import { clamp } from "../dsp/stats.js";

export type QualityInputs = {
  snrDb: number; // fused pulse SNR
  agreement: number; // 0..1 share of regions agreeing on the rate
  keptBeats: number; // 0..1 share of intervals that survived cleaning
  stability: number; // 0..1 lighting and motion stability
  usableFrames: number; // 0..1 frames with enough skin
};

// A no-pulse capture peaks near -8..-4 dB; clean face rPPG sits above +3 dB.
const SNR_FLOOR_DB = -4;
const SNR_FULL_DB = 4;

export function confidenceFrom(q: QualityInputs): number {
  const snr = clamp((q.snrDb - SNR_FLOOR_DB) / (SNR_FULL_DB - SNR_FLOOR_DB), 0, 1);
  const support = 0.35 * q.agreement + 0.35 * q.keptBeats + 0.3 * q.stability;
  return clamp(Math.sqrt(snr) * (0.3 + 0.7 * support) * q.usableFrames, 0, 1);
}
