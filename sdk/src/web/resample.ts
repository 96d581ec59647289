// From frames at their real capture times to the tensor's uniform rate. A camera's frames are
// not evenly spaced (and a busy page drops some), while the tensor has one fps: the rate is the
// capture's own (measuredFps), and each output frame is
// interpolated in time between the two captured frames around it.
import { FRAME_BYTES } from "./skin-frame.js";

/**
 * Frames per second the timestamps (ms) were taken at: the frames spanned over the time. A gap
 * well over the median interval is dropped frames (it spans gap / median of them); any other
 * gap is one frame, however it jitters. Robust to drops, to jitter, and to timestamps rounded to
 * whole ms (a WebM file's 33, 34, 33 ms), which would bias the median alone by 2%.
 */
export function measuredFps(timestamps: number[]): number {
  const gaps = timestamps
    .slice(1)
    .map((t, i) => t - timestamps[i]!)
    .filter((d) => d > 0);
  if (gaps.length === 0) return NaN;
  const sorted = [...gaps].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const frames = gaps.reduce((n, gap) => n + (gap > 1.7 * median ? Math.round(gap / median) : 1), 0);
  return (1000 * frames) / gaps.reduce((a, b) => a + b, 0);
}

const PLANE = FRAME_BYTES / 12;

/**
 * `frames[i]` was captured at `timestamps[i]` (ms, increasing). Answers frameCount frames at
 * `fps` from the first timestamp, as one [T, 12, 72, 72] buffer. A pixel masked (0,0,0) on
 * either side takes the nearer frame's value, so masks are never blended into colours.
 */
export function resampleFrames(
  frames: Uint8Array[],
  timestamps: number[],
  fps: number,
): { data: Uint8Array; frameCount: number } {
  const t0 = timestamps[0]!;
  const span = timestamps[timestamps.length - 1]! - t0;
  const frameCount = Math.floor((span * fps) / 1000 + 1e-6) + 1;
  const data = new Uint8Array(frameCount * FRAME_BYTES);
  let i = 0;
  for (let k = 0; k < frameCount; k++) {
    const t = t0 + (k * 1000) / fps;
    while (i < timestamps.length - 2 && timestamps[i + 1]! <= t) i++;
    const a = frames[i]!,
      b = frames[Math.min(i + 1, frames.length - 1)]!;
    const ta = timestamps[i]!,
      tb = timestamps[Math.min(i + 1, timestamps.length - 1)]!;
    const w = tb > ta ? Math.min(1, Math.max(0, (t - ta) / (tb - ta))) : 0;
    const out = data.subarray(k * FRAME_BYTES, (k + 1) * FRAME_BYTES);
    if (w === 0 || a === b) {
      out.set(a);
      continue;
    }
    const nearer = w < 0.5 ? a : b;
    for (let r = 0; r < 4; r++) {
      const base = 3 * r * PLANE;
      for (let p = 0; p < PLANE; p++) {
        const R = base + p,
          G = R + PLANE,
          B = G + PLANE;
        if ((a[R]! | a[G]! | a[B]!) === 0 || (b[R]! | b[G]! | b[B]!) === 0) {
          out[R] = nearer[R]!;
          out[G] = nearer[G]!;
          out[B] = nearer[B]!;
        } else {
          out[R] = Math.round(a[R]! + w * (b[R]! - a[R]!));
          out[G] = Math.round(a[G]! + w * (b[G]! - a[G]!));
          out[B] = Math.round(a[B]! + w * (b[B]! - a[B]!));
        }
      }
    }
  }
  return { data, frameCount };
}
