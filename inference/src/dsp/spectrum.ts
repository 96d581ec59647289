// Spectral estimates evaluated directly on a fine frequency grid (a zero-padded DFT
// without the FFT: a few hundred frequencies x 720 samples is cheap), then a parabolic
// fit through the three samples around the maximum for sub-grid precision.

export type Spectrum = { freqs: Float64Array; power: Float64Array };
export type ComplexSpectrum = Spectrum & { re: Float64Array; im: Float64Array };

export function powerSpectrum(
  x: ArrayLike<number>,
  rate: number,
  loHz: number,
  hiHz: number,
  stepHz: number,
): ComplexSpectrum {
  const n = x.length;
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = x[i] * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / Math.max(1, n - 1))); // Hann
  const count = Math.max(1, Math.floor((hiHz - loHz) / stepHz) + 1);
  const freqs = new Float64Array(count);
  const power = new Float64Array(count);
  const reOut = new Float64Array(count);
  const imOut = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    const f = loHz + k * stepHz;
    const [re, im] = dftBin(w, f, rate);
    freqs[k] = f;
    power[k] = (re * re + im * im) / n;
    reOut[k] = re / Math.sqrt(n);
    imOut[k] = im / Math.sqrt(n);
  }
  return { freqs, power, re: reOut, im: imOut };
}

/** Peak frequency with parabolic (sub-grid) refinement, and its index. */
export function spectralPeak(sp: Spectrum): { freq: number; index: number; power: number } {
  let best = 0;
  for (let k = 1; k < sp.power.length; k++) if (sp.power[k] > sp.power[best]) best = k;
  let freq = sp.freqs[best];
  if (best > 0 && best < sp.power.length - 1) {
    const [a, b, c] = [sp.power[best - 1], sp.power[best], sp.power[best + 1]];
    const d = a - 2 * b + c;
    if (d < 0) freq += ((0.5 * (a - c)) / d) * (sp.freqs[1] - sp.freqs[0]);
  }
  return { freq, index: best, power: sp.power[best] };
}

/**
 * Pulse SNR (de Haan & Jeanne 2013): power within +-0.1 Hz of the fundamental and
 * +-0.2 Hz of its harmonic, over the remaining power in the band, in dB.
 */
export function pulseSnrDb(sp: Spectrum, f0: number): number {
  let signal = 0,
    rest = 0;
  for (let k = 0; k < sp.freqs.length; k++) {
    const f = sp.freqs[k];
    if (Math.abs(f - f0) <= 0.1 || Math.abs(f - 2 * f0) <= 0.2) signal += sp.power[k];
    else rest += sp.power[k];
  }
  return 10 * Math.log10((signal + 1e-30) / (rest + 1e-30));
}

/**
 * Lomb-Scargle periodogram of irregular samples (t in seconds): the least-squares fit of a
 * sinusoid at each frequency, using only the samples that exist. Gaps (motion segments,
 * missed beats) then leave no interpolated ramps to pose as slow rhythms.
 */
export function lombScargle(
  t: ArrayLike<number>,
  y: ArrayLike<number>,
  loHz: number,
  hiHz: number,
  stepHz: number,
): Spectrum {
  const n = t.length;
  const count = Math.max(1, Math.floor((hiHz - loHz) / stepHz) + 1);
  const freqs = new Float64Array(count);
  const power = new Float64Array(count);
  let m = 0;
  for (let i = 0; i < n; i++) m += y[i];
  m = n ? m / n : 0;
  for (let k = 0; k < count; k++) {
    const f = loHz + k * stepHz;
    const w = 2 * Math.PI * f;
    let s2 = 0,
      c2 = 0;
    for (let i = 0; i < n; i++) {
      s2 += Math.sin(2 * w * t[i]);
      c2 += Math.cos(2 * w * t[i]);
    }
    const tau = Math.atan2(s2, c2) / (2 * w);
    let yc = 0,
      ys = 0,
      cc = 0,
      ss = 0;
    for (let i = 0; i < n; i++) {
      const c = Math.cos(w * (t[i] - tau)),
        s = Math.sin(w * (t[i] - tau));
      const v = y[i] - m;
      yc += v * c;
      ys += v * s;
      cc += c * c;
      ss += s * s;
    }
    freqs[k] = f;
    power[k] = 0.5 * ((cc > 0 ? (yc * yc) / cc : 0) + (ss > 0 ? (ys * ys) / ss : 0));
  }
  return { freqs, power };
}

/** The unnormalised DFT sums of x at f Hz: a rotating phasor instead of sin/cos per sample. */
export function dftBin(x: ArrayLike<number>, f: number, rate: number): [re: number, im: number] {
  const dc = Math.cos((2 * Math.PI * f) / rate);
  const ds = Math.sin((2 * Math.PI * f) / rate);
  let c = 1;
  let s = 0;
  let re = 0;
  let im = 0;
  for (let i = 0; i < x.length; i++) {
    re += x[i] * c;
    im -= x[i] * s;
    const c2 = c * dc - s * ds;
    s = s * dc + c * ds;
    c = c2;
  }
  return [re, im];
}
