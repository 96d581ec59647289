// Zero-phase IIR filtering: forward-backward biquads keep pulse peaks where they are,
// which beat timing (and so HRV) depends on.

type Biquad = { b0: number; b1: number; b2: number; a1: number; a2: number };

// RBJ audio-EQ cookbook, Q = 1/sqrt(2) (Butterworth response per section).
function design(kind: "low" | "high", cutoff: number, rate: number): Biquad {
  const w = (2 * Math.PI * cutoff) / rate;
  const alpha = Math.sin(w) / Math.SQRT2;
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  const [b0, b1, b2] =
    kind === "low" ? [(1 - cos) / 2, 1 - cos, (1 - cos) / 2] : [(1 + cos) / 2, -(1 + cos), (1 + cos) / 2];
  return { b0: b0 / a0, b1: b1 / a0, b2: b2 / a0, a1: (-2 * cos) / a0, a2: (1 - alpha) / a0 };
}

function run(f: Biquad, x: Float64Array): Float64Array {
  const y = new Float64Array(x.length);
  // Start in steady state for the first sample, so edges do not ring.
  let x1 = x[0],
    x2 = x[0];
  const dc = (f.b0 + f.b1 + f.b2) / (1 + f.a1 + f.a2);
  let y1 = x[0] * dc,
    y2 = x[0] * dc;
  for (let i = 0; i < x.length; i++) {
    const v = f.b0 * x[i] + f.b1 * x1 + f.b2 * x2 - f.a1 * y1 - f.a2 * y2;
    x2 = x1;
    x1 = x[i];
    y2 = y1;
    y1 = v;
    y[i] = v;
  }
  return y;
}

function filtfilt(f: Biquad, x: Float64Array): Float64Array {
  const fwd = run(f, x).reverse();
  return run(f, fwd).reverse();
}

/** Reflect-pads by `pad` samples so forward-backward filtering has no edge transient. */
function padReflect(x: ArrayLike<number>, pad: number): Float64Array {
  const n = x.length;
  const p = Math.min(pad, n - 1);
  const out = new Float64Array(n + 2 * p);
  for (let i = 0; i < p; i++) out[i] = 2 * x[0] - x[p - i];
  for (let i = 0; i < n; i++) out[p + i] = x[i];
  for (let i = 0; i < p; i++) out[p + n + i] = 2 * x[n - 1] - x[n - 2 - i];
  return out;
}

/** Zero-phase band-pass (2 high-pass + 2 low-pass sections, forward and backward). */
export function bandPass(x: ArrayLike<number>, rate: number, lowHz: number, highHz: number): Float64Array {
  const pad = Math.round(rate * 2);
  let y = padReflect(x, pad);
  const hp = design("high", lowHz, rate);
  const lp = design("low", Math.min(highHz, rate * 0.45), rate);
  y = filtfilt(hp, filtfilt(hp, y));
  y = filtfilt(lp, filtfilt(lp, y));
  const p = Math.min(pad, x.length - 1);
  return y.slice(p, p + x.length);
}

/** Removes the least-squares line (illumination ramps would otherwise leak into low bands). */
export function detrend(x: ArrayLike<number>): Float64Array {
  const n = x.length;
  const tm = (n - 1) / 2;
  let sx = 0,
    sxy = 0,
    sxx = 0;
  for (let i = 0; i < n; i++) {
    sx += x[i];
    sxy += (i - tm) * x[i];
    sxx += (i - tm) ** 2;
  }
  const m = sx / n,
    slope = sxx ? sxy / sxx : 0;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = x[i] - m - slope * (i - tm);
  return out;
}
