// The coarser grids of the tensor format's version 2 (docs/tensor-format.md, "Version 2"): the
// same four regions, each 72x72 plane pooled into grid x grid blocks on the device, so a camera
// capture is several times smaller to send. The service reads only each region's skin-masked
// mean colour per frame, which pooling keeps: a block is skin when all its pixels are, and then
// holds their mean; otherwise it is (0,0,0), "not skin". Every skin block then stands for
// the same number of pixels, so a region's mean is exactly its 72x72 mean over those blocks
// (the region less its ragged edge, where tracking jitter and a codec's edges are noisiest). The mean is rounded
// against an ordered-dither threshold (8x8 Bayer), not to the nearest level: a smooth region
// (a codec's output) has the same fraction in every block, which plain rounding would turn
// into one rounding of the region's mean, losing a pulse of a fraction of a level; the
// dithered blocks keep the region's mean to within 1/64 of a level.

/** The full grid (version 1) and the coarse ones version 2 allows. */
export const TENSOR_GRIDS = [72, 36, 24, 18] as const;
export type TensorGrid = (typeof TENSOR_GRIDS)[number];
/** The grid the browser capture sends unless told otherwise (docs/benchmarks.md, "Smaller tensors"). */
export const DEFAULT_CAPTURE_GRID: TensorGrid = 36;

const FULL = 72;
const PLANES = 12;
// Thresholds 0.5/64 .. 63.5/64 spread evenly over every 8x8 tile.
const BAYER_8 = [
  0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54,
  22, 3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25, 15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29,
  53, 21,
].map((v) => (v + 0.5) / 64);

export const frameBytesOfGrid = (grid: number) => PLANES * grid * grid;

export function isTensorGrid(grid: unknown): grid is TensorGrid {
  return (TENSOR_GRIDS as readonly unknown[]).includes(grid);
}

/** One frame, uint8 [12, 72, 72], pooled onto `grid` (`out`: [12, grid, grid], made when absent). */
export function poolFrame(frame: Uint8Array, grid: TensorGrid, out?: Uint8Array): Uint8Array {
  if (frame.byteLength !== frameBytesOfGrid(FULL)) throw new RangeError(`a frame is ${frameBytesOfGrid(FULL)} bytes`);
  if (grid === FULL) return frame;
  const f = FULL / grid;
  const whole = f * f;
  const pooled = out ?? new Uint8Array(frameBytesOfGrid(grid));
  const plane = FULL * FULL;
  for (let region = 0; region < 4; region++) {
    const r0 = 3 * region * plane;
    const o0 = 3 * region * grid * grid;
    for (let by = 0; by < grid; by++) {
      for (let bx = 0; bx < grid; bx++) {
        let n = 0;
        let sr = 0;
        let sg = 0;
        let sb = 0;
        for (let y = by * f; y < by * f + f; y++) {
          for (let p = y * FULL + bx * f, end = p + f; p < end; p++) {
            const red = frame[r0 + p]!;
            const green = frame[r0 + plane + p]!;
            const blue = frame[r0 + 2 * plane + p]!;
            if ((red | green | blue) === 0) continue;
            n++;
            sr += red;
            sg += green;
            sb += blue;
          }
        }
        const o = o0 + by * grid + bx;
        let red = 0;
        let green = 0;
        let blue = 0;
        if (n === whole) {
          const d = BAYER_8[(by % 8) * 8 + (bx % 8)]!;
          red = Math.floor(sr / n + d);
          green = Math.floor(sg / n + d);
          blue = Math.floor(sb / n + d);
          // Skin pixels that round to black stay skin.
          if ((red | green | blue) === 0) blue = 1;
        }
        pooled[o] = red;
        pooled[o + grid * grid] = green;
        pooled[o + 2 * grid * grid] = blue;
      }
    }
  }
  return pooled;
}
