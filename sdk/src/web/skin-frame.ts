// One tensor frame from the four 72x72 RGBA patches the sampler drew side by side: each pixel
// inside its region that looks like skin keeps its colour, every other pixel is (0,0,0), the
// tensor's "not skin" (docs/tensor-format.md).
import type { RegionLayout } from "./face-regions.js";
import { PATCH } from "./face-regions.js";

const PLANE = PATCH * PATCH;
export const FRAME_BYTES = 12 * PLANE;

/**
 * Skin by colour (YCbCr box, a classic for face skin across skin types), not too dark to hold a
 * pulse and not clipped by over-exposure.
 */
export function isSkin(r: number, g: number, b: number): boolean {
  if (r >= 250 || g >= 250 || b >= 250) return false;
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  if (y < 35) return false;
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  return cb >= 75 && cb <= 132 && cr >= 132 && cr <= 180;
}

export type FrameStats = {
  /** Share of the whole-face region's pixels that are skin. */
  skinFraction: number;
  /** Mean luma of the whole-face region (skin or not), 0..255. */
  faceLuma: number;
  /**
   * Mean colour (R, G, B) of the skin pixels of the forehead and both cheeks, where the pulse
   * shows best; undefined when none is skin. The live pulse's input (live-pulse.ts).
   */
  skinRgb?: [number, number, number];
};

/**
 * `rgba`: the patches as drawn, PATCH rows of 4 * PATCH pixels (region r at columns
 * r*PATCH..). Writes the planar frame into `out` (FRAME_BYTES) and answers its figures.
 */
export function skinFrame(rgba: Uint8ClampedArray, layouts: RegionLayout[], out: Uint8Array): FrameStats {
  const stride = 4 * PATCH * 4;
  let skin = 0,
    luma = 0;
  // Sums of the skin pixels of regions 0-2 (forehead, cheeks).
  let pulseSkin = 0,
    sumR = 0,
    sumG = 0,
    sumB = 0;
  for (let r = 0; r < 4; r++) {
    const mask = layouts[r]!.mask;
    const red = out.subarray(3 * r * PLANE, (3 * r + 1) * PLANE);
    const green = out.subarray((3 * r + 1) * PLANE, (3 * r + 2) * PLANE);
    const blue = out.subarray((3 * r + 2) * PLANE, (3 * r + 3) * PLANE);
    for (let v = 0; v < PATCH; v++) {
      for (let u = 0; u < PATCH; u++) {
        const p = v * PATCH + u;
        const o = v * stride + (r * PATCH + u) * 4;
        const R = rgba[o]!,
          G = rgba[o + 1]!,
          B = rgba[o + 2]!;
        const keep = mask[p] === 1 && isSkin(R, G, B);
        red[p] = keep ? R : 0;
        green[p] = keep ? G : 0;
        blue[p] = keep ? B : 0;
        if (keep && r < 3) {
          pulseSkin++;
          sumR += R;
          sumG += G;
          sumB += B;
        }
        if (r === 3 && mask[p] === 1) {
          luma += 0.299 * R + 0.587 * G + 0.114 * B;
          if (keep) skin++;
        }
      }
    }
  }
  const area = layouts[3]!.area;
  return {
    skinFraction: area ? skin / area : 0,
    faceLuma: area ? luma / area : 0,
    skinRgb: pulseSkin ? [sumR / pulseSkin, sumG / pulseSkin, sumB / pulseSkin] : undefined,
  };
}
