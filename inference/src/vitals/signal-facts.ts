// Facts about the capture behind the per-vital quality (quality.ts), and the waveforms
// clients may ask for (docs/api.md, "Waveforms").
import type { ModelOutput } from "../model-runner.js";
import { clamp, mean } from "../dsp/stats.js";
import { REGIONS } from "../tensor-format.js";
import type { Waveforms } from "../types.js";
import { column } from "./pulse-candidates.js";
import { framesAwayFromMask } from "./motion.js";

/** Mean intensity of the whole-face region over the capture, in grey levels (0..255). */
export function lightLevel(out: ModelOutput): number {
  let s = 0;
  for (let c = 0; c < 3; c++) s += mean(column(out.rgbMeans, REGIONS * 3, 3 * 3 + c, out.frames));
  return s / 3;
}

type WaveformInput = {
  fps: number;
  pulse: Float64Array;
  breathing: Float64Array;
  mask: Uint8Array;
  confidence: number;
  breathConfidence: number;
  halves: (Float64Array | undefined)[];
};

/**
 * The fused pulse and the breathing baseline at the capture's frame rate, unit variance.
 * Per-sample confidence: the scan's confidence scaled by how well the two halves of the
 * face agree over the surrounding 3 s (a local coherence), and 0 inside motion segments.
 */
export function waveforms(w: WaveformInput): Waveforms {
  const T = w.pulse.length;
  const local = localCoherence(w.halves, Math.round(1.5 * w.fps), T);
  const still = framesAwayFromMask(w.mask, Math.round(0.5 * w.fps));
  const pulseConfidence = Array.from({ length: T }, (_, t) => (w.mask[t] ? 0 : round(w.confidence * local[t], 2)));
  const breathConfidence = Array.from({ length: T }, (_, t) => (still[t] ? round(w.breathConfidence, 2) : 0));
  return {
    pulse: { sample_rate_hz: w.fps, values: unit(w.pulse), confidence: pulseConfidence },
    breathing: { sample_rate_hz: w.fps, values: unit(w.breathing), confidence: breathConfidence },
  };
}

/** Correlation of the two halves in a window of +-`half` samples, mapped 0.3..0.8 -> 0..1 (as confidence.ts). */
function localCoherence(halves: (Float64Array | undefined)[], half: number, T: number): number[] {
  const [a, b] = halves;
  if (!a || !b) return new Array<number>(T).fill(1);
  const pa = prefix((i) => a[i] * b[i], T),
    pb = prefix((i) => a[i] * a[i], T),
    pc = prefix((i) => b[i] * b[i], T);
  return Array.from({ length: T }, (_, t) => {
    const lo = Math.max(0, t - half),
      hi = Math.min(T, t + half + 1);
    const ab = pa[hi] - pa[lo],
      aa = pb[hi] - pb[lo],
      bb = pc[hi] - pc[lo];
    const r = aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
    return clamp((r - 0.3) / 0.5, 0, 1);
  });
}

function prefix(f: (i: number) => number, T: number): Float64Array {
  const p = new Float64Array(T + 1);
  for (let i = 0; i < T; i++) p[i + 1] = p[i] + f(i);
  return p;
}

function unit(x: Float64Array): number[] {
  const m = mean(x);
  const sd = Math.sqrt(mean(Array.from(x, (v) => (v - m) ** 2))) || 1;
  return Array.from(x, (v) => round((v - m) / sd, 3));
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
