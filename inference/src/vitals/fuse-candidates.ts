// Fusion of the regions' pulse candidates into one pulse, and the figures confidence reads
// from how the regions and the two extraction methods agree on it.
import { powerSpectrum, pulseSnrDb, spectralPeak } from "../dsp/spectrum.js";
import { GRID_HZ, PULSE_HI_HZ, PULSE_LO_HZ, type RegionPulse } from "./pulse-candidates.js";
import { crossRegionPeak } from "./rate-choice.js";
import { CLEAR_FLOOR, JUNK_FLOOR } from "./shared-spectrum.js";

export type FusedPulse = {
  signal: Float64Array;
  freq: number;
  snrDb: number;
  agreement: number; // weighted share of candidates whose own peak matches the fused rate
  coherence: number; // correlation of two halves of the regions (independent sensor noise)
  ambiguity: number; // 0..1 cross-region power of the strongest rival rate over the chosen one's
  familyGapBpm: number; // |rate from POS candidates alone - rate from PBV candidates alone|; 0 with one family
  octaveRegions: number; // regions with a candidate whose own peak is at twice or half the rate
  sharedSnrDb: number; // SNR of the cross-region spectrum alone (the power the regions share)
  sharedFloor: number; // typical shared power 0.15-0.5 Hz from the rate over the rate's (shared-spectrum.ts sharedFloor)
  sharedHarmonicSnrDb: number; // shared power at the rate and all its harmonics over the rest (harmonicSnrDb)
};

/**
 * Two passes. The rate comes from the cross-region spectrum |sum Y_r|^2 - sum |Y_r|^2:
 * only products between different regions remain, and since the regions' sensor noise
 * is independent those average to zero while the shared pulse adds up. Then each
 * candidate is weighted by its SNR at that rate, so a region whose own peak is noise
 * gets no say.
 */
export function fuseCandidates(
  cands: RegionPulse[],
  fps: number,
  frames: number,
  mask?: Uint8Array,
): FusedPulse | undefined {
  const usable = cands.filter((c) => c.spectrum);
  if (!usable.length) return undefined;
  const { freq: f0, ambiguity, sharedSnrDb, sharedFloor, sharedHarmonicSnrDb } = crossRegionPeak(usable, fps, true);
  const familyGapBpm = familyGap(usable, fps, f0);
  for (const c of usable) {
    c.snrDb = pulseSnrDb(c.spectrum!, f0);
    c.weight = 10 ** (c.snrDb / 10) * Math.min(1, c.skin / 0.2);
  }
  const signal = weightedSum(usable, frames);
  if (!signal) return undefined;
  const sp = powerSpectrum(signal, fps, PULSE_LO_HZ, PULSE_HI_HZ, GRID_HZ);
  // Refine on the fused signal, but only near the rate the candidates agreed on.
  const near = sp.power.map((p, k) => (Math.abs(sp.freqs[k] - f0) <= 0.13 ? p : 0));
  const freq = spectralPeak({ freqs: sp.freqs, power: near }).freq;
  const totalWeight = usable.reduce((a, c) => a + c.weight, 0);
  const agree = usable.filter((c) => Math.abs(c.freq - freq) * 60 < 5).reduce((a, c) => a + c.weight, 0);
  return {
    signal,
    freq,
    snrDb: pulseSnrDb(sp, freq),
    agreement: agree / totalWeight,
    coherence: halvesCorrelation(usable, frames, mask),
    ambiguity,
    familyGapBpm,
    octaveRegions: octaveRegions(usable, freq),
    sharedSnrDb,
    sharedFloor,
    sharedHarmonicSnrDb,
  };
}

/**
 * The two extraction methods fail differently: through a video codec (coarse chroma) POS
 * can lock on one artefact in every region while PBV keeps the pulse. Each family's own
 * rate is a second opinion; a disagreement lowers confidence (confidence.ts). In bpm, 0
 * with one family.
 */
function familyGap(usable: RegionPulse[], fps: number, f0: number): number {
  const pos = usable.filter((c) => c.method === "pos"),
    pbv = usable.filter((c) => c.method !== "pos");
  if (!pos.length || !pbv.length) return 0;
  const a = crossRegionPeak(pos, fps),
    b = crossRegionPeak(pbv, fps);
  // The family that disagrees with the rate chosen from both, when its own peak sits in
  // broadband shared power (a codec's damage, sharedFloor) while the agreeing family's
  // peak stands clear, is no second opinion: only a clear peak elsewhere contests the rate.
  const [agrees, differs] = Math.abs(a.freq - f0) <= Math.abs(b.freq - f0) ? [a, b] : [b, a];
  // Through H.264 and VP8 POS often locks on such power at 45-65 bpm while PBV reads the
  // pulse. Never near 60, 120 or 180 bpm, where a clear peak may be a 1 s key-frame line.
  const offKeyFrames = Math.abs(f0 * 60 - 60 * Math.round(f0)) > 4;
  if (
    offKeyFrames &&
    Math.abs(agrees.freq - f0) * 60 < 3 &&
    differs.sharedFloor >= JUNK_FLOOR &&
    agrees.sharedFloor < CLEAR_FLOOR
  )
    return 0;
  return Math.abs(a.freq - b.freq) * 60;
}

/**
 * Regions where some candidate's own peak sits at twice or half the chosen rate (within
 * 4 %). Noise puts a peak there only by chance; a pulse read at half (or double) its rate
 * in some regions and not in others puts it there systematically.
 */
function octaveRegions(usable: RegionPulse[], f0: number): number {
  const off = (f: number) => [2 * f0, f0 / 2].some((g) => Math.abs(f - g) <= 0.04 * g);
  return new Set(usable.filter((c) => off(c.freq)).map((c) => c.region)).size;
}

/** Equal-weight correlation of regions {0,1} against {2,3}, motion frames left out. */
function halvesCorrelation(usable: RegionPulse[], frames: number, mask?: Uint8Array): number {
  const half = (rs: number[]) => {
    const out = new Float64Array(frames);
    for (const c of usable) if (rs.includes(c.region)) for (let i = 0; i < frames; i++) out[i] += c.signal[i];
    return out;
  };
  const a = half([0, 1]),
    b = half([2, 3]);
  let ab = 0,
    aa = 0,
    bb = 0;
  for (let i = 0; i < frames; i++) {
    if (mask?.[i]) continue;
    ab += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

/** Weighted sum of candidates (those of the given regions only, when `regions` is set). */
export function weightedSum(cands: RegionPulse[], frames: number, regions?: number[]): Float64Array | undefined {
  const pick = cands.filter((c) => c.weight > 0 && (!regions || regions.includes(c.region)));
  const total = pick.reduce((a, c) => a + c.weight, 0);
  if (!(total > 0)) return undefined;
  const out = new Float64Array(frames);
  for (const c of pick) for (let i = 0; i < frames; i++) out[i] += (c.weight / total) * c.signal[i];
  return out;
}
