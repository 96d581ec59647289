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
const WINDOW_SECONDS = 1.6;

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

/** PBV pulse [T,4] (positive when blood volume rises) with Q over frames where mask is 0. */
export function motionFreePbv(out: ModelOutput, fps: number, mask: Uint8Array): Float32Array {
  const T = out.frames;
  const k = Math.max(1, Math.round(WINDOW_SECONDS * fps));
  const result = new Float32Array(T * REGIONS);
  for (let r = 0; r < REGIONS; r++) {
    const centred = [0, 1, 2].map((colour) => {
      const x = new Float64Array(T);
      for (let t = 0; t < T; t++) x[t] = out.rgbMeans[(t * REGIONS + r) * 3 + colour];
      const level = movingMean(x, k);
      return x.map((v, t) => v / Math.max(level[t], 1e-6) - 1);
    });
    const q = [0, 1, 2].map((i) =>
      [0, 1, 2].map((j) => {
        let s = 0;
        for (let t = 0; t < T; t++) if (!mask[t]) s += centred[i][t] * centred[j][t];
        return s;
      }),
    );
    const w = pbvWeights(q);
    const p = centred[0].map((_, t) => w[0] * centred[0][t] + w[1] * centred[1][t] + w[2] * centred[2][t]);
    const baseline = movingMean(p, k);
    // Skin absorbs more as volume rises, so the projection falls: flip it, as the model does.
    for (let t = 0; t < T; t++) result[t * REGIONS + r] = -(p[t] - baseline[t]);
  }
  return result;
}
