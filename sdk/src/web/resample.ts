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

// What a tensor holds (docs/tensor-format.md): 150 to 3,600 frames, at 10 to 120 fps, over
// at most 120 s.
const MIN_FRAMES = 150;
const MAX_FRAMES = 3600;
const MIN_FPS = 10;
const MAX_FPS = 120;
const MAX_SECONDS = 120;
// Room for the last frame's own interval at the slowest rate a tensor may have.
const LAST_FRAME_MS = 1000 / MIN_FPS;

/**
 * How much of a capture a tensor can carry, and at what rate: the captured frames within
 * 120 s of the first (the header counts the last frame's interval too), at the measured rate
 * moved just enough to fit the tensor's frame counts and rates. A 60 fps camera over 60 s, or
 * 30 fps over a full 120 s, is resampled a little slower, which keeps every second of signal (a
 * 180 bpm pulse needs far less than the 30 fps left at worst); a 15 fps camera over 5-10 s a
 * little faster, to the 150 frames a tensor needs.
 */
export function fitToTensor(timestamps: number[], measured: number): { keep: number; fps: number } {
  const t0 = timestamps[0]!;
  let keep = timestamps.length;
  while (keep > 1 && timestamps[keep - 1]! - t0 > MAX_SECONDS * 1000 - LAST_FRAME_MS) keep--;
  const spanMs = timestamps[keep - 1]! - t0;
  // f32, as the header stores it, before the count is checked.
  let fps = Math.fround(Math.min(MAX_FPS, Math.max(MIN_FPS, measured)));
  if (resampledFrameCount(spanMs, fps) > MAX_FRAMES) fps = Math.fround(((MAX_FRAMES - 1) * 1000) / spanMs);
  // Half a frame over the 149 intervals, so f32 rounding cannot lose the 150th frame.
  else if (resampledFrameCount(spanMs, fps) < MIN_FRAMES && spanMs > 0)
    fps = Math.fround(Math.min(MAX_FPS, ((MIN_FRAMES - 0.5) * 1000) / spanMs));
  return { keep, fps };
}

/** Frames on a uniform grid at `fps` from the first capture time to the last (`spanMs` later). */
export const resampledFrameCount = (spanMs: number, fps: number) => Math.floor((spanMs * fps) / 1000 + 1e-6) + 1;

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
  const frameCount = resampledFrameCount(timestamps[timestamps.length - 1]! - t0, fps);
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
    blendFrames(a, b, w, data.subarray(k * FRAME_BYTES, (k + 1) * FRAME_BYTES));
  }
  return { data, frameCount };
}

/**
 * `out` = the frame a fraction `w` (0..1) of the way from `a` to `b`. A pixel masked (0,0,0) on
 * either side takes the nearer frame's value, so masks are never blended into colours.
 */
export function blendFrames(a: Uint8Array, b: Uint8Array, w: number, out: Uint8Array): void {
  if (w === 0 || a === b) {
    out.set(a);
    return;
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
