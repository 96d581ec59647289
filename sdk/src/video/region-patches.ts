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
    const acc = [0, 0, 0];
    for (const [r, { box }] of layouts.entries()) {
      const stepX = box.w / PATCH,
        stepY = box.h / PATCH;
      const nx = Math.max(1, Math.floor(stepX)),
        ny = Math.max(1, Math.floor(stepY));
      for (let v = 0; v < PATCH; v++) {
        for (let u = 0; u < PATCH; u++) {
          acc[0] = acc[1] = acc[2] = 0;
          for (let b = 0; b < ny; b++) {
            const y = clamp(box.y + (v + (b + 0.5) / ny) * stepY - 0.5, height);
            const y0 = Math.floor(y),
              fy = y - y0;
            for (let a = 0; a < nx; a++) {
              const x = clamp(box.x + (u + (a + 0.5) / nx) * stepX - 0.5, width);
              const x0 = Math.floor(x),
                fx = x - x0;
              const p = (y0 * width + x0) * 3,
                q = p + 3,
                p2 = p + width * 3,
                q2 = p2 + 3;
              for (let c = 0; c < 3; c++)
                acc[c]! +=
                  (1 - fy) * ((1 - fx) * rgb[p + c]! + fx * rgb[q + c]!) +
                  fy * ((1 - fx) * rgb[p2 + c]! + fx * rgb[q2 + c]!);
            }
          }
          const o = v * rowBytes + (r * PATCH + u) * 4;
          const n = nx * ny;
          this.#rgba[o] = acc[0]! / n;
          this.#rgba[o + 1] = acc[1]! / n;
          this.#rgba[o + 2] = acc[2]! / n;
          this.#rgba[o + 3] = 255;
        }
      }
    }
    return skinFrame(this.#rgba, layouts, out);
  }
}

/** A sample position inside the frame, leaving room for the bilinear neighbour. */
function clamp(v: number, size: number): number {
  return Math.min(size - 1.001, Math.max(0, v));
}
