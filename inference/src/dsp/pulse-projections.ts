// The committed model's pulse candidates (docs/inference.md, "Model contract"), computed
// from region means in TypeScript: used when the means are repaired after the model ran
// (vitals/colour-steps.ts), so the candidates follow the repaired colours.
import { REGIONS } from "../tensor-format.js";
import { pbvWeights } from "./pbv.js";
import { movingMean } from "./stats.js";

const WINDOW_SECONDS = 1.6;

/** POS and PBV per region, [T, 4] each, from means [T, 4, 3]: the model's formulas. */
export function pulseProjections(
  rgbMeans: Float32Array,
  frames: number,
  fps: number,
): { pos: Float32Array; pbv: Float32Array } {
  const k = Math.max(1, Math.round(WINDOW_SECONDS * fps));
  const pos = new Float32Array(frames * REGIONS),
    pbv = new Float32Array(frames * REGIONS);
  for (let r = 0; r < REGIONS; r++) {
    const cn = [0, 1, 2].map((c) => {
      const x = new Float64Array(frames);
      for (let t = 0; t < frames; t++) x[t] = rgbMeans[(t * REGIONS + r) * 3 + c];
      const level = movingMean(x, k);
      return x.map((v, t) => v / Math.max(level[t], 1e-6));
    });
    const s1 = cn[1].map((g, t) => g - cn[2][t]);
    const s2 = cn[1].map((g, t) => g + cn[2][t] - 2 * cn[0][t]);
    const sd1 = localStd(s1, k),
      sd2 = localStd(s2, k);
    const h = s1.map((v, t) => v + (sd1[t] / sd2[t]) * s2[t]);
    const hm = movingMean(h, k);
    for (let t = 0; t < frames; t++) pos[t * REGIONS + r] = -(h[t] - hm[t]);

    const c = cn.map((ch) => ch.map((v) => v - 1));
    const q = [0, 1, 2].map((i) => [0, 1, 2].map((j) => c[i].reduce((a, v, t) => a + v * c[j][t], 0)));
    const w = pbvWeights(q);
    const p = c[0].map((_, t) => w[0] * c[0][t] + w[1] * c[1][t] + w[2] * c[2][t]);
    const pm = movingMean(p, k);
    for (let t = 0; t < frames; t++) pbv[t * REGIONS + r] = -(p[t] - pm[t]);
  }
  return { pos, pbv };
}

function localStd(s: Float64Array, k: number): Float64Array {
  const m = movingMean(s, k);
  const m2 = movingMean(
    s.map((v) => v * v),
    k,
  );
  return m2.map((v, t) => Math.sqrt(Math.max(v - m[t] ** 2, 1e-12)));
}
