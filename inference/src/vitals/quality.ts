// Per-vital confidence and the reasons behind a low one (docs/api.md, "quality"). The
// overall `confidence` is the heart rate's; the other vitals can only be as good as the
// pulse they come from, and each has its own way of failing on top.
import { clamp } from "../dsp/stats.js";
import type { QualityReason, VitalsQuality } from "../types.js";
import { lostInSharedNoise, type QualityInputs } from "./confidence.js";

export type QualityFacts = QualityInputs & {
  confidence: number; // overall (heart rate)
  breathPeakedness: number; // respiration spectrum: peak power over total
  intervals: number; // clean inter-beat intervals
  jitterMs: number; // timing noise of one beat
  sdnnMs: number;
  motionFraction: number; // share of frames inside motion segments
  lightLevel: number; // mean face intensity, grey levels
  compressed: boolean; // the means show a video codec's key frames (compression.ts)
  wholeFaceBacked?: boolean; // the whole face's steady line raised the reading to moderate (second-opinion.ts)
};

// Breathing spectra with a clear peak hold > 4 % of their power in the peak bin (a 0.002 Hz
// grid over 0.03-0.7 Hz has 335 bins); noise spreads it below ~1 %.
const BREATH_FLOOR = 0.01;
const BREATH_FULL = 0.04;

export function vitalsQuality(f: QualityFacts): VitalsQuality {
  const hr = f.confidence;
  const breath = clamp((f.breathPeakedness - BREATH_FLOOR) / (BREATH_FULL - BREATH_FLOOR), 0, 1);
  // SDNN needs many beats, and beat timing noise well below the spread it measures.
  const beats = clamp((f.intervals - 8) / 16, 0, 1);
  const timing = clamp(1.5 - f.jitterMs / Math.max(1, f.sdnnMs), 0, 1);
  return {
    heart_rate: { confidence: round(hr), snr_db: Math.round(f.snrDb * 10) / 10 },
    respiratory_rate: { confidence: round(hr * (0.3 + 0.7 * breath)) },
    hrv: { confidence: round(hr * beats * timing * f.keptBeats), beats: f.intervals + (f.intervals ? 1 : 0) },
    // An uncalibrated index (docs/inference.md): never more than "low", however clean.
    spo2: { confidence: round(Math.min(hr, 0.3)) },
    // A population estimate nudged by pulse shape: lower still.
    blood_pressure: { confidence: round(Math.min(hr, 0.2)) },
    reasons: reasons(f),
  };
}

function reasons(f: QualityFacts): QualityReason[] {
  const out: QualityReason[] = [];
  if (f.motionFraction > 0.1 || f.stability < 0.7) out.push("motion");
  if (f.lightLevel < 50) out.push("low_light");
  if (f.usableFrames < 0.95) out.push("face_lost");
  if (!f.wholeFaceBacked && (f.snrDb < 0 || f.coherence < 0.55 || lostInSharedNoise(f))) out.push("weak_pulse");
  if (f.compressed) out.push("compression");
  return out;
}

const round = (v: number) => Math.round(clamp(v, 0, 1) * 100) / 100;
