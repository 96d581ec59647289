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
  ambiguity: number; // 0..1 strongest rival rate's cross-region power over the chosen one's
  methodGapBpm: number; // beat-interval rate vs spectral rate (NaN: too few clean beats)
  familyGapBpm: number; // POS-only rate vs PBV-only rate
  octaveRegions: number; // regions with a candidate peaking at twice or half the rate
  sharedSnrDb: number; // SNR of the power the regions share (shared-spectrum.ts)
  sharedFloor: number; // shared power around the rate over the rate's (shared-spectrum.ts)
  onKeyFrames: boolean; // the rate sits on a video codec's key-frame pattern (key-frames.ts)
  rateBpm: number; // the heart rate read
  sharedHarmonicSnrDb: number; // shared power at the rate and its harmonics over the rest (shared-spectrum.ts)
};

// A no-pulse capture peaks near -8..-4 dB; clean face rPPG sits above +3 dB.
const SNR_FLOOR_DB = -4;
const SNR_FULL_DB = 4;

// Two halves of the face share the pulse but not the sensor noise: their correlation is
// ~0 (+-0.3 by chance over 24 s) without a pulse and > 0.8 for a clean one.
const COHERENCE_FLOOR = 0.3;
const COHERENCE_FULL = 0.8;

// Shared floor (shared-spectrum.ts sharedFloor): no effect up to 0.035, x0.2 from 0.067.
const FLOOR_FULL = 0.035;
const FLOOR_ZERO = 0.075;

// Below 66 bpm (1.1 Hz) broadband power shared by the regions gathers once band-passed: the
// transients of camera events (exposure and white-balance steps, movement) and a codec's
// smearing all peak just above the band's low edge, and a peak picked there can be a bump of
// it (through video codecs: 48-58 bpm read for 119-175). A reading there keeps a moderate or
// high confidence only when its lines hold a clear share of the shared spectrum, counted at
// the rate alone or with all its harmonics (a slow pulse with a sharp systolic wave keeps
// much of its power at three and four times its rate); otherwise it is reported low.
export const HUMP_TOP_BPM = 66;
const HUMP_SHARED_SNR_DB = 3;
const LOW_BAND_MAX = 0.39;

/** A reading in the low band whose lines do not stand out of the shared spectrum. */
export function lostInSharedNoise(q: Pick<QualityInputs, "rateBpm" | "sharedSnrDb" | "sharedHarmonicSnrDb">): boolean {
  return q.rateBpm < HUMP_TOP_BPM && !(Math.max(q.sharedSnrDb, q.sharedHarmonicSnrDb) >= HUMP_SHARED_SNR_DB);
}

export function confidenceFrom(q: QualityInputs): number {
  const confidence = baseConfidence(q);
  return lostInSharedNoise(q) ? Math.min(confidence, LOW_BAND_MAX) : confidence;
}

function baseConfidence(q: QualityInputs): number {
  const snr = clamp((q.snrDb - SNR_FLOOR_DB) / (SNR_FULL_DB - SNR_FLOOR_DB), 0, 1);
  const coherence = clamp((q.coherence - COHERENCE_FLOOR) / (COHERENCE_FULL - COHERENCE_FLOOR), 0, 1);
  const support = 0.35 * q.agreement + 0.35 * q.keptBeats + 0.3 * q.stability;
  return clamp(
    Math.sqrt(coherence * (0.5 + 0.5 * snr)) * (0.3 + 0.7 * support) * q.usableFrames * rateCertainty(q),
    0,
    1,
  );
}

/**
 * A strong pulse can still be read at the wrong rate: a rival peak nearly as strong as
 * the chosen one (a sub-harmonic, motion, a codec artefact), beat intervals that do not
 * agree with the spectrum, candidates that peak elsewhere, or the two extraction methods
 * (POS, PBV) each reading a different rate. Both are direct evidence the rate may be wrong, so they
 * scale confidence down whatever the SNR says.
 */
function rateCertainty(q: QualityInputs): number {
  const rival = clamp(1.6 * (1 - q.ambiguity), 0, 1); // <= 0.375: no effect; 0.8: x0.32
  const gap = Number.isFinite(q.methodGapBpm) ? clamp(1 - (q.methodGapBpm - 2) / 8, 0.3, 1) : 0.6;
  // Candidates (regions x methods) whose own peak is elsewhere: through a codec, POS can
  // lock on an artefact at ~60 bpm in every region while PBV finds the pulse. Below 3/4
  // agreement the rate is contested.
  const agree = clamp(0.25 + q.agreement, 0, 1);
  const families = clamp(1 - (q.familyGapBpm - 3) / 10, 0.35, 1);
  // Two regions reading double or half the rate: an octave error is likely either way.
  const octave = q.octaveRegions >= 2 ? 0.45 : 1;
  // A codec's key-frame pattern at this rate: coherent across regions, so nothing above
  // can tell it from a pulse. Kept out of the moderate band.
  const keyFrames = q.onKeyFrames ? 0.35 : 1;
  // Shared power all around the rate: the regions share something broadband (a codec's
  // damage), and the chosen peak may be a bump of it. Around a pulse in sensor noise the
  // shared power is ~0 (synthetic set: <= 0.04 of the peak's).
  const floor = clamp((FLOOR_ZERO - q.sharedFloor) / (FLOOR_ZERO - FLOOR_FULL), 0.2, 1);
  return rival * gap * agree * families * octave * keyFrames * floor;
}
