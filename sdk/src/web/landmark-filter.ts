// Between two landmark refreshes: how fast the face moved (for the motion feedback), and the
// landmarks to use. Small changes are mostly the model's jitter, which would shake the regions
// across skin edges and add noise at the refresh rate: they are smoothed. Large ones are real
// movement and are taken at once, so the regions never lag behind the face.
import { faceFrame } from "./face-regions.js";

/** Landmark moves under this share of the face width are treated as jitter. */
export const JITTER = 0.03;
/** Share of a jitter-sized change taken at each refresh. */
export const SMOOTHING = 0.4;

export type Landmarks = { mesh: Float32Array; at: number };

/** `raw` (frame pixels) arrived at `at` ms; answers the landmarks to use and the speed in face-widths per second. */
export function followLandmarks(
  previous: Landmarks | undefined,
  raw: Float32Array,
  at: number,
): { mesh: Float32Array; speed: number } {
  if (!previous) return { mesh: raw, speed: 0 };
  const before = faceFrame(previous.mesh),
    after = faceFrame(raw);
  const moved = Math.hypot(after.cx - before.cx, after.cy - before.cy) / Math.max(1, before.width);
  const speed = moved / Math.max(0.05, (at - previous.at) / 1000);
  if (moved >= JITTER) return { mesh: raw, speed };
  const mesh = new Float32Array(raw.length);
  for (let i = 0; i < raw.length; i++) mesh[i] = previous.mesh[i]! + SMOOTHING * (raw[i]! - previous.mesh[i]!);
  return { mesh, speed };
}
