// From model outputs to unrounded vitals and the quality figures behind confidence.
import type { ModelOutput } from "../model-runner.js";
import type { Demographics, Vitals, Waveforms } from "../types.js";
import { analyseBeats } from "../dsp/hrv.js";
import { estimateRespiration } from "../dsp/respiration.js";
import { clamp, mean, median } from "../dsp/stats.js";
import { REGIONS } from "../tensor-format.js";
import { estimateBloodPressure } from "./blood-pressure.js";
import { confidenceFrom, type QualityInputs } from "./confidence.js";
import { fuseCandidates, weightedSum } from "./fuse-candidates.js";
import { column, pulseCandidates, type RegionPulse } from "./pulse-candidates.js";
import { spo2FromRatio } from "./spo2.js";
import { reportedSdnn } from "./sdnn-prior.js";
import { PULSE_PAD_S, framesAwayFromMask, maskedFraction, motionFrames, motionMask, padFrames } from "./motion.js";
import { onKeyFramePattern } from "./key-frames.js";
import { detectKeyFramePeriod, onComb, onKeyFrameLine, signalDfts, withoutKeyFrames } from "./gop.js";
import { vitalsQuality } from "./quality.js";
import { compressed } from "./compression.js";
import { lightLevel, waveforms } from "./signal-facts.js";
import { withoutColourSteps } from "./colour-steps.js";
import { normalisedChannel, respiratoryBaselines } from "./respiratory-baselines.js";
import { checkWithWholeFace } from "./second-opinion.js";
import { wholeFaceReading } from "./whole-face.js";

/** Seconds each side of a movement the breathing baselines give up (docs/inference.md). */
const BREATHING_PAD_S = 0.5;

export type Estimate =
  | { ok: true; vitals: Vitals; quality: QualityInputs; waveforms: Waveforms }
  | { ok: false; code: string; message: string };

export function estimateVitals(model: ModelOutput, fps: number, demographics?: Demographics): Estimate {
  // The camera's colour-balance steps are divided out of the means first (colour-steps.ts);
  // then a video codec's key-frame pattern, when the data show one, is removed (gop.ts)
  // and the rate is not trusted on the comb's teeth.
  const raw = withoutColourSteps(model, fps).out;
  const spectra = signalDfts(raw, fps, raw.frames / fps);
  // Only where the capture shows a codec's key frames (compression.ts): a steady pulse at a
  // multiple of 30 bpm is itself a comb on a 1 s or 2 s GOP's teeth, and without a codec
  // (a browser capture) these rules only took right readings down (docs/inference.md).
  const codec = compressed(model, fps);
  const gop = codec ? detectKeyFramePeriod(raw, fps, spectra) : undefined;
  const out = gop ? withoutKeyFrames(raw, gop.frames) : raw;
  const moving = motionFrames(out, fps);
  const mask = padFrames(moving, fps, PULSE_PAD_S);
  const cands = pulseCandidates(out, fps, mask, motionMask(out, fps, true));
  const fused = fuseCandidates(cands, fps, out.frames, mask);
  if (!fused) return { ok: false, code: "NO_SIGNAL", message: "no region carries a usable skin signal" };

  // Halves of disjoint regions with independent sensor noise, to measure timing noise.
  const halves = [weightedSum(cands, out.frames, [0, 1]), weightedSum(cands, out.frames, [2, 3])];
  const beats = analyseBeats(
    fused.signal,
    halves.every(Boolean) ? (halves as Float64Array[]) : undefined,
    fps,
    fused.freq,
    mask,
  );
  const intervals = beats.intervals;

  // The breathing baselines are read from the region means themselves, not through the
  // model's 1.6 s window, so a movement costs them only its own span and a short tail.
  const breathingMask = padFrames(moving, fps, BREATHING_PAD_S);
  const baselines = respiratoryBaselines(out, fps, regionWeights(cands), breathingMask, fused.freq);
  const respiration = estimateRespiration({
    baselines,
    // At least 0.5 s from motion: bridged spans leave ramps that pose as breaths.
    baselineUsable: framesAwayFromMask(breathingMask, Math.round(0.5 * fps)),
    rate: fps,
    beatTimes: beats.beatTimesForAmplitude,
    amplitudes: beats.amplitudes,
    ibiTimes: intervals.midTimes,
    ibisMs: intervals.ibisMs,
  });
  const breathing = baselines[respiration.clearestBaseline];
  const quality: QualityInputs = {
    snrDb: fused.snrDb,
    coherence: fused.coherence,
    agreement: fused.agreement,
    keptBeats: intervals.keptFraction,
    stability: lightingStability(out, mask),
    usableFrames: usableFrames(out),
    ambiguity: fused.ambiguity,
    familyGapBpm: fused.familyGapBpm,
    octaveRegions: fused.octaveRegions,
    sharedSnrDb: fused.sharedSnrDb,
    sharedFloor: fused.sharedFloor,
    onKeyFrames:
      codec &&
      (onKeyFramePattern(out, fps, beats.heartRate) ||
        (!!gop && onComb(beats.heartRate, gop.seconds)) ||
        onKeyFrameLine(raw, fps, beats.heartRate, spectra)),
    methodGapBpm: beats.methodGapBpm,
    rateBpm: beats.heartRate,
    sharedHarmonicSnrDb: fused.sharedHarmonicSnrDb,
  };
  // The fused reading, checked against the whole face's own (second-opinion.ts).
  const fusedConfidence = confidenceFrom(quality);
  const checked = checkWithWholeFace(
    { rateBpm: beats.heartRate, confidence: fusedConfidence, quality },
    wholeFaceReading(out, fps, mask),
  );
  const { confidence } = checked;
  const heartRate = checked.rateBpm;
  const bp = estimateBloodPressure(
    { heartRate, riseFraction: riseFraction(fused.signal, fps, beats.times, fused.freq) },
    demographics,
  );
  const perVital = vitalsQuality({
    ...quality,
    confidence,
    breathPeakedness: respiration.peakedness,
    intervals: intervals.ibisMs.length,
    jitterMs: beats.jitterMs,
    sdnnMs: beats.sdnnMs,
    motionFraction: maskedFraction(mask),
    lightLevel: lightLevel(out),
    compressed: codec,
    // The whole face's own pulse took the reading into the moderate band: not a weak pulse.
    wholeFaceBacked: fusedConfidence < 0.4 && confidence >= 0.4,
  });
  return {
    ok: true,
    quality,
    waveforms: waveforms({
      fps,
      pulse: fused.signal,
      breathing,
      mask,
      confidence,
      breathConfidence: perVital.respiratory_rate.confidence,
      halves,
    }),
    vitals: {
      heart_rate: heartRate,
      respiratory_rate: respiration.breathsPerMinute,
      hrv: reportedSdnn(beats.sdnnMs, heartRate, perVital.hrv.confidence),
      spo2: spo2FromRatio(redBlueRatio(out, fps, regionWeights(cands), fused.signal, mask)),
      systolic_bp: bp.systolic,
      diastolic_bp: bp.diastolic,
      confidence,
      quality: perVital,
    },
  };
}

/** Ratio of ratios red/blue: each channel's pulsatile amplitude by regression on the pulse. */
function redBlueRatio(out: ModelOutput, fps: number, weights: number[], pulse: Float64Array, mask: Uint8Array): number {
  let pp = 0;
  for (const v of pulse) pp += v * v;
  let num = 0,
    den = 0;
  weights.forEach((weight, r) => {
    if (weight <= 0 || pp === 0) return;
    const [red, blue] = [0, 2].map((c) => normalisedChannel(out, fps, r, c, 0.6, 4, mask));
    let rp = 0,
      bp = 0;
    for (let i = 0; i < pulse.length; i++) {
      rp += red[i] * pulse[i];
      bp += blue[i] * pulse[i];
    }
    if (Math.abs(bp) < 1e-12) return;
    num += weight * (rp / bp);
    den += weight;
  });
  return den > 0 ? num / den : NaN;
}

/** Quality weight of each region: the sum over its extraction methods. */
function regionWeights(cands: RegionPulse[]): number[] {
  const w = new Array<number>(REGIONS).fill(0);
  for (const c of cands) w[c.region] += c.weight;
  return w;
}

/** Median trough-to-peak time over the beat interval: a pulse-shape feature for BP. */
function riseFraction(x: Float64Array, fps: number, beatTimes: number[], pulseHz: number): number {
  const span = Math.round((0.6 * fps) / pulseHz);
  const fractions = beatTimes.map((t) => {
    const i = Math.round(t * fps);
    let lowest = i;
    for (let j = Math.max(0, i - span); j < i; j++) if (x[j] < x[lowest]) lowest = j;
    return ((i - lowest) / fps) * pulseHz;
  });
  return fractions.length ? median(fractions) : NaN;
}

/** 1 for steady light; falls with the share of frames lost to motion and with big drift. */
function lightingStability(out: ModelOutput, mask: Uint8Array): number {
  const face = column(out.rgbMeans, REGIONS * 3, 3 * 3 + 1, out.frames);
  const level = mean(face) || 1;
  const drift = (Math.max(...face) - Math.min(...face)) / level;
  return clamp(1 - 1.5 * maskedFraction(mask), 0, 1) * clamp(1.2 - drift, 0.3, 1);
}

/** Share of frames in which at least one region shows a meaningful skin area. */
function usableFrames(out: ModelOutput): number {
  let usable = 0;
  for (let t = 0; t < out.frames; t++) {
    let best = 0;
    for (let r = 0; r < REGIONS; r++) best = Math.max(best, out.skinFraction[t * REGIONS + r]);
    if (best >= 0.1) usable++;
  }
  return usable / Math.max(1, out.frames);
}
