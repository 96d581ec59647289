// The Node counterpart of the browser's canvas (web/region-sampler.ts): each region's box of a
// decoded RGB frame resampled to a 72x72 patch, side by side as RGBA, for the same skin masking
// (web/skin-frame.ts). A box larger than the patch averages its pixels over each patch pixel's
// footprint (as a browser's smoothed downscale does, and as a mean keeps the pulse that sensor
// noise would bury in a single sample); a smaller one is sampled bilinearly.
import { PATCH, type RegionLayout } from "../web/face-regions.js";
import { skinFrame, type FrameStats } from "../web/skin-frame.js";

export class RegionPatches {
  readonly #rgba = new Uint8ClampedArray(4 * PATCH * PATCH * 4);

  /** Fills `out` (one tensor frame) from `rgb` (packed, width x height). */
  sample(rgb: Uint8Array, width: number, height: number, layouts: RegionLayout[], out: Uint8Array): FrameStats {
    const rowBytes = 4 * PATCH * 4;
    for (const [r, { box }] of layouts.entries()) {
      const stepX = box.w / PATCH,
        stepY = box.h / PATCH;
      const nx = Math.max(1, Math.floor(stepX)),
        ny = Math.max(1, Math.floor(stepY));
      // A row's and a column's sample positions are the same for every patch pixel on them.
      const xs = positions(box.x, stepX, nx, width);
      const ys = positions(box.y, stepY, ny, height);
      const n = nx * ny;
      for (let v = 0; v < PATCH; v++) {
        for (let u = 0; u < PATCH; u++) {
          let red = 0,
            green = 0,
            blue = 0;
          for (let b = 0; b < ny; b++) {
            const yb = v * ny + b;
            const y0 = ys.at[yb]!,
              fy = ys.frac[yb]!;
            for (let a = 0; a < nx; a++) {
              const xa = u * nx + a;
              const fx = xs.frac[xa]!;
              const p = (y0 * width + xs.at[xa]!) * 3,
                q = p + 3,
                p2 = p + width * 3,
                q2 = p2 + 3;
              red += (1 - fy) * ((1 - fx) * rgb[p]! + fx * rgb[q]!) + fy * ((1 - fx) * rgb[p2]! + fx * rgb[q2]!);
              green +=
                (1 - fy) * ((1 - fx) * rgb[p + 1]! + fx * rgb[q + 1]!) +
                fy * ((1 - fx) * rgb[p2 + 1]! + fx * rgb[q2 + 1]!);
              blue +=
                (1 - fy) * ((1 - fx) * rgb[p + 2]! + fx * rgb[q + 2]!) +
                fy * ((1 - fx) * rgb[p2 + 2]! + fx * rgb[q2 + 2]!);
            }
          }
          const o = v * rowBytes + (r * PATCH + u) * 4;
          this.#rgba[o] = red / n;
          this.#rgba[o + 1] = green / n;
          this.#rgba[o + 2] = blue / n;
          this.#rgba[o + 3] = 255;
        }
      }
    }
    return skinFrame(this.#rgba, layouts, out);
  }
}

/**
 * Along one axis of a box: for each patch pixel's `count` samples, the pixel before the sample
 * and how far past it the sample lies (for the bilinear weights).
 */
function positions(start: number, step: number, count: number, size: number): { at: Int32Array; frac: Float64Array } {
  const at = new Int32Array(PATCH * count),
    frac = new Float64Array(PATCH * count);
  for (let i = 0; i < PATCH; i++) {
    for (let k = 0; k < count; k++) {
      const x = clamp(start + (i + (k + 0.5) / count) * step - 0.5, size);
      const x0 = Math.floor(x);
      at[i * count + k] = x0;
      frac[i * count + k] = x - x0;
    }
  }
  return { at, frac };
}

/** A sample position inside the frame, leaving room for the bilinear neighbour. */
function clamp(v: number, size: number): number {
  return Math.min(size - 1.001, Math.max(0, v));
}
