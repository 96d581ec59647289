// PBV (de Haan & van Leest 2014) over the motion-free frames only.
//
// The model's PBV solves w = Q^-1 * signature with Q, the colour covariance, taken over the
// whole capture. A head movement moves the skin colour tens of times more than the pulse,
// so it owns Q, and the projection spends itself nulling the movement instead of the
// sensor noise: on dark skin in heavy noise that costs 5-15 dB of pulse SNR in every
// frame, not just in the moving ones. Here Q comes from the still frames, so w fits the
// noise the pulse actually competes with. Cheap: it runs on the model's [T,4,3] means.
import type { ModelOutput } from "../model-runner.js";
import { REGIONS } from "../tensor-format.js";
import { movingMean } from "./stats.js";

/** Blood-volume pulse signature of skin in normalised RGB (de Haan & van Leest 2014). */
export const PBV_SIGNATURE = [0.33, 0.77, 0.53];
/** Diagonal loading of the normalised covariance: keeps it invertible for flat input. */
export const PBV_LOADING = 1e-3;
/** Temporal normalisation window, as in the committed model (Wang et al. 2017). */
export const WINDOW_SECONDS = 1.6;

/** w = (Q / mean diag(Q) + loading * I)^-1 * signature, by Cramer's rule. */
export function pbvWeights(q: number[][]): number[] {
  const scale = (q[0][0] + q[1][1] + q[2][2]) / 3 + 1e-20;
  const qn = q.map((row, i) => row.map((v, j) => v / scale + (i === j ? PBV_LOADING : 0)));
  const det = (m: number[][]) =>
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
    m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
    m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  const d = det(qn);
  return [0, 1, 2].map((i) => det(qn.map((row, r) => row.map((v, c) => (c === i ? PBV_SIGNATURE[r] : v)))) / d);
}

/** Colour covariance of normalised channels over the frames where `mask` is 0 (all without one). */
export function stillCovariance(channels: Float64Array[], mask?: Uint8Array): number[][] {
  return [0, 1, 2].map((i) =>
    [0, 1, 2].map((j) => {
      let s = 0;
      for (let t = 0; t < channels[i].length; t++) if (!mask?.[t]) s += channels[i][t] * channels[j][t];
      return s;
    }),
  );
}

/** One region's colours over their centred moving mean of `k` frames (the model's Cn). */
export function windowNormalised(rgbMeans: Float32Array, frames: number, region: number, k: number): Float64Array[] {
  return [0, 1, 2].map((colour) => {
    const x = new Float64Array(frames);
    for (let t = 0; t < frames; t++) x[t] = rgbMeans[(t * REGIONS + region) * 3 + colour];
    const level = movingMean(x, k);
    return x.map((v, t) => v / Math.max(level[t], 1e-6));
  });
}

/**
 * PBV pulse [T,4] (positive when blood volume rises) from region means, with Q over the
 * frames where `mask` is 0; without a mask, the committed model's `pulse_pbv`.
 */
export function pbvFromMeans(rgbMeans: Float32Array, frames: number, fps: number, mask?: Uint8Array): Float32Array {
  const k = Math.max(1, Math.round(WINDOW_SECONDS * fps));
  const result = new Float32Array(frames * REGIONS);
  for (let r = 0; r < REGIONS; r++) {
    const centred = windowNormalised(rgbMeans, frames, r, k).map((x) => x.map((v) => v - 1));
    const w = pbvWeights(stillCovariance(centred, mask));
    const p = centred[0].map((_, t) => w[0] * centred[0][t] + w[1] * centred[1][t] + w[2] * centred[2][t]);
    const baseline = movingMean(p, k);
    // Skin absorbs more as volume rises, so the projection falls: flip it, as the model does.
    for (let t = 0; t < frames; t++) result[t * REGIONS + r] = -(p[t] - baseline[t]);
  }
  return result;
}

/** PBV pulse [T,4] with Q over frames where mask is 0. */
export function motionFreePbv(out: ModelOutput, fps: number, mask: Uint8Array): Float32Array {
  return pbvFromMeans(out.rgbMeans, out.frames, fps, mask);
}
