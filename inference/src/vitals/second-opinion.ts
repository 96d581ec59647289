// The fused reading checked against the whole face's own (whole-face.ts; docs/inference.md,
// "The whole face's second opinion"). Two ways of reading the same capture, one from the
// regions' shared spectrum and one from the whole face alone, that agree on a steady line make
// a right reading likelier than either alone: the confidence may rise to the moderate band,
// never to the high one. Where they disagree, the fused reading stands unless it shows the two
// ways it is known to fail on real faces; the whole face's rate is then reported, at a low
// confidence unless the failure is the plainer of the two.
import { clamp } from "../dsp/stats.js";
import { HUMP_TOP_BPM, type QualityInputs } from "./confidence.js";
import type { WholeFaceReading } from "./whole-face.js";

export type CheckedRate = {
  rateBpm: number;
  confidence: number;
  /** fused: as read; agreed: both ways agree (confidence may rise); whole_face: the whole face's rate. */
  source: "fused" | "agreed" | "whole_face";
};

/** Two readings this close (bpm) agree. */
const AGREE_BPM = 5;
// A steady line: at least this share of the band's power, in at least this share of the windows
// (noise: ~0.06 and ~0.2; the real faces read right: 0.18-0.34 and 0.36-0.93).
const LINE_SHARE = 0.2;
const LINE_SHARE_FULL = 0.35;
const STEADY = 0.6;
const STEADY_FULL = 0.9;
/** In the low band (movement residue, a codec's hump) the line must be clearer still. */
const LOW_BAND_LINE_SHARE = 0.3;
const LOW_BAND_STEADY = 0.8;
/** The model's two projections (POS, PBV) read rates this close, or the fused reading is contested. */
const FAMILY_GAP_BPM = 3;
const MODERATE = 0.4;
/** The fused rate is lost below this agreement of its candidates and above this ambiguity. */
const LOST_AGREEMENT = 0.25;
const LOST_AMBIGUITY = 0.7;
/** A lost reading gives way to a whole-face line this clear (noise: ~0.06-0.14 and ~0.2-0.5). */
const LOST_LINE_SHARE = 0.12;
const LOST_STEADY = 0.4;
/** The whole face supports another rate at most this share of its own line's power. */
const UNSUPPORTED = 0.5;
/** The second opinion alone never reaches the high band (>= 0.7). */
const MODERATE_SPAN = 0.29;

export function checkWithWholeFace(
  fused: { rateBpm: number; confidence: number; quality: QualityInputs },
  whole: WholeFaceReading,
): CheckedRate {
  const asRead: CheckedRate = { rateBpm: fused.rateBpm, confidence: fused.confidence, source: "fused" };
  if (!Number.isFinite(whole.rateBpm) || !Number.isFinite(fused.rateBpm)) return asRead;
  const steady = steadyLine(whole, whole.rateBpm);
  const confident = fused.confidence >= MODERATE;
  // The fused rate is lost: its candidates do not agree on it and a rival is as strong.
  const lost = fused.quality.agreement < LOST_AGREEMENT && fused.quality.ambiguity > LOST_AMBIGUITY;
  const both = (fused.rateBpm + whole.rateBpm) / 2;
  if (Math.abs(fused.rateBpm - whole.rateBpm) <= AGREE_BPM) {
    // On a codec's key-frame pattern the whole face sees the same comb: no second opinion.
    const contested = fused.quality.familyGapBpm > FAMILY_GAP_BPM || fused.quality.onKeyFrames;
    if (!steady || contested) return lost ? { ...asRead, rateBpm: both, source: "agreed" } : asRead;
    return {
      // A confident fused rate is the finer one (every region's beats); otherwise both count.
      rateBpm: confident ? fused.rateBpm : both,
      confidence: Math.max(fused.confidence, MODERATE + MODERATE_SPAN * strength(whole)),
      source: "agreed",
    };
  }
  if (confident) return asRead;
  // The whole face's line gives the fused rate next to nothing of its power.
  const unsupported = whole.supportAt(fused.rateBpm).lineShare <= UNSUPPORTED * whole.lineShare;
  if (!unsupported) return asRead;
  // Half the rate: the regions share a slow hump (a codec's, the residue of movements) that the
  // whole face does not show, and the whole face's steady line sits at twice the fused rate.
  const halfRate = fused.rateBpm < HUMP_TOP_BPM && Math.abs(whole.rateBpm - 2 * fused.rateBpm) <= 0.04 * whole.rateBpm;
  if (halfRate && steady)
    return { rateBpm: whole.rateBpm, confidence: MODERATE + MODERATE_SPAN * strength(whole), source: "whole_face" };
  // Lost, while the whole face shows a line above the low band: its rate, at the low confidence.
  const line = whole.lineShare >= LOST_LINE_SHARE && whole.steadiness >= LOST_STEADY && whole.rateBpm >= HUMP_TOP_BPM;
  if (lost && line) return { rateBpm: whole.rateBpm, confidence: fused.confidence, source: "whole_face" };
  return asRead;
}

function steadyLine(whole: WholeFaceReading, rateBpm: number): boolean {
  const { lineShare, steadiness } = whole.supportAt(rateBpm);
  if (lineShare < LINE_SHARE || steadiness < STEADY) return false;
  return rateBpm >= HUMP_TOP_BPM || (lineShare >= LOW_BAND_LINE_SHARE && steadiness >= LOW_BAND_STEADY);
}

/** 0..1: how far past the bar the whole face's line stands. */
function strength(whole: WholeFaceReading): number {
  return Math.min(
    clamp((whole.lineShare - LINE_SHARE) / (LINE_SHARE_FULL - LINE_SHARE), 0, 1),
    clamp((whole.steadiness - STEADY) / (STEADY_FULL - STEADY), 0, 1),
  );
}
