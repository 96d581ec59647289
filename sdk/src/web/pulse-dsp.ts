// The signal processing of the provisional live pulse (live-pulse.ts, docs/sdk.md "Live
// pulse"): the skin's mean colour put on a uniform time grid, POS (Wang et al. 2017, "Algorithmic
// principles of remote PPG"), a zero-phase band-pass and the spectral peak. Pure functions on
// a few hundred samples, run a couple of times a second: cheap enough for the capture's thread.
// The service's own processing (inference/) is far more thorough; this is feedback only.

/** The pulse band: 42 to 210 bpm. */
export const BAND_HZ = [0.7, 3.5] as const;
/** POS's window (Wang et al.: 1.6 s, about one slow heartbeat). */
const POS_WINDOW_S = 1.6;
/** Spectrum length: 10 s at 30 Hz zero-padded to 2048 gives 0.9 bpm bins before interpolation. */
const FFT_SIZE = 2048;
/** Half-width of the peak (and of its harmonic) that counts as pulse power in `quality`. */
const PEAK_HALF_WIDTH_HZ = 0.2;

export type Rgb = readonly [number, number, number];

/**
 * Samples (t ms, rgb) on a uniform grid at `rate` Hz from `from` to `to` ms, linearly
 * interpolated between the samples around each grid point (short holes are bridged). Times
 * must increase. Answers three channels of the same length.
 */
export function uniformRgb(
  times: readonly number[],
  colours: readonly Rgb[],
  from: number,
  to: number,
  rate: number,
): [Float64Array, Float64Array, Float64Array] {
  const n = Math.max(0, Math.floor(((to - from) * rate) / 1000 + 1e-9) + 1);
  const out: [Float64Array, Float64Array, Float64Array] = [
    new Float64Array(n),
    new Float64Array(n),
    new Float64Array(n),
  ];
  let j = 0;
  for (let i = 0; i < n; i++) {
    const t = from + (i * 1000) / rate;
    while (j < times.length - 2 && times[j + 1]! <= t) j++;
    const t0 = times[j]!,
      t1 = times[j + 1] ?? t0;
    const w = t1 > t0 ? Math.min(1, Math.max(0, (t - t0) / (t1 - t0))) : 0;
    const a = colours[j]!,
      b = colours[j + 1] ?? a;
    for (let c = 0; c < 3; c++) out[c]![i] = a[c]! + w * (b[c]! - a[c]!);
  }
  return out;
}

/**
 * POS: in each 1.6 s window the colours are divided by their mean (the skin's tone and the
 * light's level drop out), projected on the plane orthogonal to the skin tone (G - B and
 * G + B - 2R), the two mixed by their ratio of deviations (motion and light changes cancel)
 * and overlap-added (averaged where windows overlap, so the newest samples, in fewer windows,
 * are not smaller). Signed so that more blood is up (the systolic peak points up).
 */
export function pos(r: Float64Array, g: Float64Array, b: Float64Array, rate: number): Float64Array {
  const n = r.length;
  const l = Math.max(2, Math.round(POS_WINDOW_S * rate));
  const h = new Float64Array(n);
  if (n < l) return h;
  const cover = new Float64Array(n);
  const s1 = new Float64Array(l),
    s2 = new Float64Array(l);
  for (let start = 0; start + l <= n; start++) {
    let mr = 0,
      mg = 0,
      mb = 0;
    for (let k = start; k < start + l; k++) {
      mr += r[k]!;
      mg += g[k]!;
      mb += b[k]!;
    }
    if (mr <= 0 || mg <= 0 || mb <= 0) continue;
    mr /= l;
    mg /= l;
    mb /= l;
    let m1 = 0,
      m2 = 0;
    for (let k = 0; k < l; k++) {
      const cr = r[start + k]! / mr,
        cg = g[start + k]! / mg,
        cb = b[start + k]! / mb;
      s1[k] = cg - cb;
      s2[k] = cg + cb - 2 * cr;
      m1 += s1[k]!;
      m2 += s2[k]!;
    }
    m1 /= l;
    m2 /= l;
    let v1 = 0,
      v2 = 0;
    for (let k = 0; k < l; k++) {
      v1 += (s1[k]! - m1) ** 2;
      v2 += (s2[k]! - m2) ** 2;
    }
    const alpha = v2 > 0 ? Math.sqrt(v1 / v2) : 0;
    let mh = 0;
    for (let k = 0; k < l; k++) mh += s1[k]! + alpha * s2[k]!;
    mh /= l;
    // Blood absorbs green most: a beat darkens G more than B and R, so POS falls with it.
    for (let k = 0; k < l; k++) {
      h[start + k]! -= s1[k]! + alpha * s2[k]! - mh;
      cover[start + k]!++;
    }
  }
  for (let i = 0; i < n; i++) if (cover[i]! > 0) h[i]! /= cover[i]!;
  return h;
}

/** Removes the least-squares line. */
export function detrend(x: Float64Array): Float64Array {
  const n = x.length;
  const tm = (n - 1) / 2;
  let sx = 0,
    sxy = 0,
    sxx = 0;
  for (let i = 0; i < n; i++) {
    sx += x[i]!;
    sxy += (i - tm) * x[i]!;
    sxx += (i - tm) ** 2;
  }
  const mean = sx / n,
    slope = sxx ? sxy / sxx : 0;
  return x.map((v, i) => v - mean - slope * (i - tm));
}

type Biquad = { b0: number; b1: number; b2: number; a1: number; a2: number };

/** A 2nd-order Butterworth section (RBJ cookbook, Q = 1/sqrt(2)). */
function biquad(kind: "low" | "high", cutoff: number, rate: number): Biquad {
  const w = (2 * Math.PI * cutoff) / rate;
  const alpha = Math.sin(w) / Math.SQRT2,
    cos = Math.cos(w),
    a0 = 1 + alpha;
  const [b0, b1, b2] =
    kind === "low" ? [(1 - cos) / 2, 1 - cos, (1 - cos) / 2] : [(1 + cos) / 2, -(1 + cos), (1 + cos) / 2];
  return { b0: b0 / a0, b1: b1 / a0, b2: b2 / a0, a1: (-2 * cos) / a0, a2: (1 - alpha) / a0 };
}

/** One pass forward then one backward: zero phase, so the waveform's beats stay where they are. */
function filtfilt(f: Biquad, x: Float64Array): Float64Array {
  const pass = (v: Float64Array) => {
    const y = new Float64Array(v.length);
    let x1 = 0,
      x2 = 0,
      y1 = 0,
      y2 = 0;
    for (let i = 0; i < v.length; i++) {
      const out = f.b0 * v[i]! + f.b1 * x1 + f.b2 * x2 - f.a1 * y1 - f.a2 * y2;
      x2 = x1;
      x1 = v[i]!;
      y2 = y1;
      y1 = out;
      y[i] = out;
    }
    return y;
  };
  return pass(pass(x).reverse()).reverse();
}

/** Zero-phase band-pass over BAND_HZ, after a linear detrend and with mirrored edges (no start-up ring). */
export function bandPass(x: Float64Array, rate: number): Float64Array {
  const n = x.length;
  if (n < 4) return new Float64Array(n);
  const d = detrend(x);
  const pad = Math.min(n - 1, Math.round(rate));
  const padded = new Float64Array(n + 2 * pad);
  for (let i = 0; i < pad; i++) {
    padded[i] = 2 * d[0]! - d[pad - i]!;
    padded[pad + n + i] = 2 * d[n - 1]! - d[n - 2 - i]!;
  }
  padded.set(d, pad);
  const y = filtfilt(
    biquad("low", Math.min(BAND_HZ[1], rate * 0.45), rate),
    filtfilt(biquad("high", BAND_HZ[0], rate), padded),
  );
  return y.slice(pad, pad + n);
}

/** In-place radix-2 FFT (re, im of a power-of-two length). */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    const wr = Math.cos(ang),
      wi = Math.sin(ang);
    for (let i = 0; i < n; i += len) {
      let cr = 1,
        ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k,
          b = a + len / 2;
        const tr = re[b]! * cr - im[b]! * ci,
          ti = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a]! += tr;
        im[a]! += ti;
        [cr, ci] = [cr * wr - ci * wi, cr * wi + ci * wr];
      }
    }
  }
}

export type SpectralRate = {
  /** bpm at the spectrum's highest peak in the pulse band. */
  bpm: number;
  /**
   * 0..1: the share of the band's power within 0.2 Hz of that peak and of its first harmonic
   * (a pulse is not a sine). About 0.9 for a clean pulse, 0.3 to 0.5 for noise.
   */
  quality: number;
};

/** The pulse rate from the spectral peak of `x` (Hann window, zero-padded FFT, parabolic interpolation). */
export function spectralRate(x: Float64Array, rate: number): SpectralRate {
  const n = Math.min(x.length, FFT_SIZE);
  const re = new Float64Array(FFT_SIZE),
    im = new Float64Array(FFT_SIZE);
  const offset = x.length - n;
  for (let i = 0; i < n; i++) re[i] = x[offset + i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1)));
  fft(re, im);
  const hz = rate / FFT_SIZE;
  const power = (k: number) => re[k]! ** 2 + im[k]! ** 2;
  const lo = Math.ceil(BAND_HZ[0] / hz),
    hi = Math.min(FFT_SIZE / 2 - 1, Math.floor(BAND_HZ[1] / hz));
  let peak = lo,
    total = 0;
  for (let k = lo; k <= hi; k++) {
    total += power(k);
    if (power(k) > power(peak)) peak = k;
  }
  // Parabola through the log powers around the peak (exact for a Gaussian-like Hann lobe).
  let shift = 0;
  if (peak > lo && peak < hi) {
    const [a, b, c] = [power(peak - 1), power(peak), power(peak + 1)].map((p) => Math.log(p + 1e-30)) as [
      number,
      number,
      number,
    ];
    const denom = a - 2 * b + c;
    if (denom < 0) shift = Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / denom));
  }
  const f0 = (peak + shift) * hz;
  const width = Math.round(PEAK_HALF_WIDTH_HZ / hz);
  let near = 0;
  for (let k = lo; k <= hi; k++)
    if (Math.abs(k - peak) <= width || Math.abs(k - 2 * (peak + shift)) <= width) near += power(k);
  return { bpm: f0 * 60, quality: total > 0 ? near / total : 0 };
}
