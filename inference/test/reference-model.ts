// An independent float64 re-implementation of the model contract (docs/inference.md),
// written from the maths, not from the graph, so the tests can check the ONNX output.
const PIXELS = 72 * 72;

export type Reference = { means: number[][][]; skin: number[][]; pos: number[][]; pbv: number[][] };

/** Centred moving mean with ONNX SAME_UPPER alignment, averaging only in-range samples. */
function movingMean(x: number[], k: number): number[] {
  const head = Math.floor((k - 1) / 2);
  return x.map((_, t) => {
    let s = 0,
      n = 0;
    for (let j = t - head; j < t - head + k; j++)
      if (j >= 0 && j < x.length) {
        s += x[j];
        n++;
      }
    return s / n;
  });
}

function solve3(q: number[][], p: number[]): number[] {
  const det = (m: number[][]) =>
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
    m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
    m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  const d = det(q);
  return [0, 1, 2].map((i) => det(q.map((row, r) => row.map((v, c) => (c === i ? p[r] : v)))) / d);
}

export function referenceModel(frames: Uint8Array, T: number, fps: number, windowSeconds = 1.6): Reference {
  const means: number[][][] = [];
  const skin: number[][] = [];
  for (let t = 0; t < T; t++) {
    means.push([]);
    skin.push([]);
    for (let r = 0; r < 4; r++) {
      const base = (t * 12 + r * 3) * PIXELS;
      let count = 0;
      const sums = [0, 0, 0];
      for (let px = 0; px < PIXELS; px++) {
        const rgb = [frames[base + px], frames[base + PIXELS + px], frames[base + 2 * PIXELS + px]];
        if (rgb[0] === 0 && rgb[1] === 0 && rgb[2] === 0) continue; // not skin
        count++;
        for (let c = 0; c < 3; c++) sums[c] += rgb[c];
      }
      means[t].push(sums.map((s) => (count ? s / count : 0)));
      skin[t].push(count / PIXELS);
    }
  }
  const k = Math.max(1, Math.round(fps * windowSeconds));
  const pos: number[][] = [];
  const pbv: number[][] = [];
  for (let r = 0; r < 4; r++) {
    const cn = [0, 1, 2].map((c) => {
      const x = means.map((m) => m[r][c]);
      const mu = movingMean(x, k);
      return x.map((v, t) => v / Math.max(mu[t], 1e-6));
    });
    const s1 = cn[1].map((g, t) => g - cn[2][t]);
    const s2 = cn[1].map((g, t) => g + cn[2][t] - 2 * cn[0][t]);
    const localStd = (s: number[]) => {
      const m = movingMean(s, k);
      const m2 = movingMean(
        s.map((v) => v * v),
        k,
      );
      return m2.map((v, t) => Math.sqrt(Math.max(v - m[t] ** 2, 1e-12)));
    };
    const sd1 = localStd(s1),
      sd2 = localStd(s2);
    const h = s1.map((v, t) => v + (sd1[t] / sd2[t]) * s2[t]);
    const hm = movingMean(h, k);
    pos.push(h.map((v, t) => -(v - hm[t])));

    const c = cn.map((ch) => ch.map((v) => v - 1));
    const q = [0, 1, 2].map((i) => [0, 1, 2].map((j) => c[i].reduce((a, v, t) => a + v * c[j][t], 0)));
    const scale = (q[0][0] + q[1][1] + q[2][2]) / 3 + 1e-20;
    const qn = q.map((row, i) => row.map((v, j) => v / scale + (i === j ? 1e-3 : 0)));
    const w = solve3(qn, [0.33, 0.77, 0.53]);
    const p = c[0].map((_, t) => w[0] * c[0][t] + w[1] * c[1][t] + w[2] * c[2][t]);
    const pm = movingMean(p, k);
    pbv.push(p.map((v, t) => -(v - pm[t])));
  }
  return { means, skin, pos, pbv };
}
