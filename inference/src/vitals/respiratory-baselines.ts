// The blood-volume baseline that breathing modulates (RIIV), in two colour projections.
// POS (Wang et al. 2017) fixes its two colour differences and tunes only their mix; on
// dark skin in heavy noise its blue channel, the noisiest relative to its level, swamps
// the breathing. PBV (de Haan & van Leest 2014) weighs the channels by their measured
// noise, but its covariance can be owned by slow light drift near the band's low edge,
// where a 6 /min breath sits. Each fails where the other holds, so both go to the
// respiratory fusion (dsp/respiration.ts), which lets the more peaked one lead.
import type { ModelOutput } from "../model-runner.js";
import { bandPass, detrend } from "../dsp/filters.js";
import { pbvWeights, stillCovariance } from "../dsp/pbv.js";
import { mean, std } from "../dsp/stats.js";
import { REGIONS } from "../tensor-format.js";
import { bridgeMasked } from "./motion.js";
import { column } from "./pulse-candidates.js";

/** Normalised, band-passed colour channel of one region (AC over DC). */
export function normalisedChannel(
  out: ModelOutput,
  fps: number,
  region: number,
  colour: number,
  lo: number,
  hi: number,
  mask: Uint8Array,
): Float64Array {
  const c = bridgeMasked(column(out.rgbMeans, REGIONS * 3, region * 3 + colour, out.frames), mask);
  const dc = mean(c);
  for (let i = 0; i < c.length; i++) c[i] = dc > 0 ? c[i] / dc - 1 : 0;
  return bandPass(c, fps, lo, hi);
}

/**
 * The baseline by POS and by PBV, each over the whole capture (one normalisation, not the
 * model's 1.6 s window, which would erase breathing-rate content), regions fused by weight,
 * blood volume up = positive.
 */
export function respiratoryBaselines(
  out: ModelOutput,
  fps: number,
  weights: number[],
  mask: Uint8Array,
  pulseHz: number,
): Float64Array[] {
  // Below the pulse: at 40 bpm the pulse (0.67 Hz) sits inside a fixed 0.7 Hz band and,
  // far stronger than the breathing, buries it.
  const hi = Math.min(0.7, 0.8 * pulseHz);
  const total = weights.reduce((a, w) => a + w, 0);
  const pos = new Float64Array(out.frames),
    pbv = new Float64Array(out.frames);
  weights.forEach((weight, r) => {
    if (weight <= 0) return;
    const rgb = [0, 1, 2].map((c) => normalisedChannel(out, fps, r, c, 0.08, hi, mask));
    addScaled(pos, posProjection(rgb), weight / total);
    addScaled(pbv, pbvProjection(rgb, mask), weight / total);
  });
  return [detrend(pos), detrend(pbv)];
}

function posProjection([red, green, blue]: Float64Array[]): Float64Array {
  const s1 = green.map((g, i) => g - blue[i]);
  const s2 = green.map((g, i) => g + blue[i] - 2 * red[i]);
  const alpha = std(s1) / Math.max(std(s2), 1e-12);
  return s1.map((v, i) => -(v + alpha * s2[i]));
}

/** PBV with the covariance of the still frames (motion frames are bridged lines). */
function pbvProjection(rgb: Float64Array[], mask: Uint8Array): Float64Array {
  const w = pbvWeights(stillCovariance(rgb, mask));
  return rgb[0].map((_, t) => -(w[0] * rgb[0][t] + w[1] * rgb[1][t] + w[2] * rgb[2][t]));
}

function addScaled(into: Float64Array, x: Float64Array, weight: number): void {
  const sd = std(x) || 1;
  for (let i = 0; i < x.length; i++) into[i] += (weight * x[i]) / sd;
}
