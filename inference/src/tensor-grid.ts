// A version 2 tensor's coarse grid, back on the 72x72 grid the model reads (docs/tensor-format.md,
// "Version 2"): each coarse pixel fills its f x f block (f = 72 / grid). The skin-masked means a
// region yields are then exactly the coarse grid's own, and its skin share is the same.
import { CHANNELS, FRAME_BYTES, WIDTH, frameBytesOf } from "./tensor-format.js";

/** uint8 [frameCount, 12, grid, grid] to [frameCount, 12, 72, 72], nearest neighbour. */
export function upsampleToFull(frames: Uint8Array, frameCount: number, grid: number): Uint8Array {
  if (frames.length !== frameCount * frameBytesOf(grid)) {
    throw new RangeError(`frames is ${frames.length} bytes, expected ${frameCount} frames of a ${grid}x${grid} grid`);
  }
  if (grid === WIDTH) return frames;
  const f = WIDTH / grid;
  const out = new Uint8Array(frameCount * FRAME_BYTES);
  const row = new Uint8Array(WIDTH);
  for (let plane = 0; plane < frameCount * CHANNELS; plane++) {
    const src = plane * grid * grid;
    const dst = plane * WIDTH * WIDTH;
    for (let y = 0; y < grid; y++) {
      for (let x = 0; x < grid; x++) row.fill(frames[src + y * grid + x]!, x * f, x * f + f);
      for (let k = 0; k < f; k++) out.set(row, dst + (y * f + k) * WIDTH);
    }
  }
  return out;
}
