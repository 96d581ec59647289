// The committed model's pulse candidates (docs/inference.md, "Model contract"), computed
// from region means in TypeScript: used when the means are repaired after the model ran
// (vitals/colour-steps.ts), so the candidates follow the repaired colours.
import { REGIONS } from "../tensor-format.js";
import { pbvFromMeans, WINDOW_SECONDS, windowNormalised } from "./pbv.js";
import { movingMean } from "./stats.js";

/** POS and PBV per region, [T, 4] each, from means [T, 4, 3]: the model's formulas. */
export function pulseProjections(
  rgbMeans: Float32Array,
  frames: number,
  fps: number,
): { pos: Float32Array; pbv: Float32Array } {
  const k = Math.max(1, Math.round(WINDOW_SECONDS * fps));
  const pos = new Float32Array(frames * REGIONS);
  for (let r = 0; r < REGIONS; r++) {
    const cn = windowNormalised(rgbMeans, frames, r, k);
    const s1 = cn[1].map((g, t) => g - cn[2][t]);
    const s2 = cn[1].map((g, t) => g + cn[2][t] - 2 * cn[0][t]);
    const sd1 = localStd(s1, k),
      sd2 = localStd(s2, k);
    const h = s1.map((v, t) => v + (sd1[t] / sd2[t]) * s2[t]);
    const hm = movingMean(h, k);
    for (let t = 0; t < frames; t++) pos[t * REGIONS + r] = -(h[t] - hm[t]);
  }
  return { pos, pbv: pbvFromMeans(rgbMeans, frames, fps) };
}

function localStd(s: Float64Array, k: number): Float64Array {
  const m = movingMean(s, k);
  const m2 = movingMean(
    s.map((v) => v * v),
    k,
  );
  return m2.map((v, t) => Math.sqrt(Math.max(v - m[t] ** 2, 1e-12)));
}
