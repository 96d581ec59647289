export const mean = (x: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i];
  return x.length ? s / x.length : 0;
};

export const std = (x: ArrayLike<number>): number => {
  const m = mean(x);
  let s = 0;
  for (let i = 0; i < x.length; i++) s += (x[i] - m) ** 2;
  return x.length ? Math.sqrt(s / x.length) : 0;
};

export const median = (x: ArrayLike<number>): number => {
  if (!x.length) return 0;
  const s = Array.from(x).sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
};

export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** Linear interpolation of irregular samples (t, v) onto a uniform grid at `rate` Hz. */
export function resampleUniform(
  t: ArrayLike<number>,
  v: ArrayLike<number>,
  rate: number,
  start = t[0],
  end = t[t.length - 1],
): Float64Array {
  const n = Math.max(0, Math.floor((end - start) * rate) + 1);
  const out = new Float64Array(n);
  let j = 0;
  for (let i = 0; i < n; i++) {
    const ti = start + i / rate;
    while (j < t.length - 2 && t[j + 1] < ti) j++;
    const span = t[j + 1] - t[j];
    const a = span > 0 ? (ti - t[j]) / span : 0;
    out[i] = v[j] + Math.min(1, Math.max(0, a)) * (v[j + 1] - v[j]);
  }
  return out;
}

/** Centred moving mean over `k` samples (SAME_UPPER alignment), in-range samples only (prefix sums: it runs on every scan). */
export function movingMean(x: Float64Array, k: number): Float64Array {
  const T = x.length;
  const head = Math.floor((k - 1) / 2);
  const prefix = new Float64Array(T + 1);
  for (let t = 0; t < T; t++) prefix[t + 1] = prefix[t] + x[t];
  const out = new Float64Array(T);
  for (let t = 0; t < T; t++) {
    const lo = Math.max(0, t - head),
      hi = Math.min(T, t - head + k);
    out[t] = (prefix[hi] - prefix[lo]) / (hi - lo);
  }
  return out;
}
