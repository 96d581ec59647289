// Confidence from measured signal quality, calibrated to the spec's bands
// (>= 0.7 high, 0.4-0.7 moderate, < 0.4 low). Cross-region coherence gates everything:
// without a pulse shared by the regions, SNR, agreement or stability cannot raise it.
import { clamp } from "../dsp/stats.js";

export type QualityInputs = {
  snrDb: number; // fused pulse SNR
  coherence: number; // -1..1 correlation of two region halves with independent noise
  agreement: number; // 0..1 share of regions agreeing on the rate
  keptBeats: number; // 0..1 share of intervals that survived cleaning
  stability: number; // 0..1 lighting and motion stability
  usableFrames: number; // 0..1 frames with enough skin
};

// A no-pulse capture peaks near -8..-4 dB; clean face rPPG sits above +3 dB.
const SNR_FLOOR_DB = -4;
const SNR_FULL_DB = 4;

// Two halves of the face share the pulse but not the sensor noise: their correlation is
// ~0 (+-0.3 by chance over 24 s) without a pulse and > 0.8 for a clean one.
const COHERENCE_FLOOR = 0.3;
const COHERENCE_FULL = 0.8;

export function confidenceFrom(q: QualityInputs): number {
  const snr = clamp((q.snrDb - SNR_FLOOR_DB) / (SNR_FULL_DB - SNR_FLOOR_DB), 0, 1);
  const coherence = clamp((q.coherence - COHERENCE_FLOOR) / (COHERENCE_FULL - COHERENCE_FLOOR), 0, 1);
  const support = 0.35 * q.agreement + 0.35 * q.keptBeats + 0.3 * q.stability;
  return clamp(Math.sqrt(coherence * (0.5 + 0.5 * snr)) * (0.3 + 0.7 * support) * q.usableFrames, 0, 1);
}
