// Client-side region extraction, as a capture SDK does it: follow the face (a tracker
// with a little jitter), crop each region's box from the decoded frame, resample it to
// 72x72 (bilinear), and write non-skin pixels as exactly (0,0,0).
import { FRAME_BYTES, PLANE_BYTES, WIDTH } from "../../src/tensor-format.js";
import { isSkin } from "./scene.js";

// Region boxes in face widths relative to the face centre: [u0, v0, u1, v1].
// Forehead 0.5 x 0.22, cheeks 0.28 x 0.28 (25 px at a 90 px face), whole face.
export const BOXES: [number, number, number, number][] = [
  [-0.25, -0.42, 0.25, -0.2],
  [-0.38, -0.02, -0.1, 0.26],
  [0.1, -0.02, 0.38, 0.26],
  [-0.5, -0.66, 0.5, 0.66],
];

// Which patch pixels are skin depends only on the region and the pixel (face-relative
// coordinates), not on the frame: computed once.
const SKIN = BOXES.map(([u0, v0, u1, v1]) =>
  Uint8Array.from({ length: WIDTH * WIDTH }, (_, px) =>
    isSkin(u0 + (((px % WIDTH) + 0.5) / WIDTH) * (u1 - u0), v0 + ((Math.floor(px / WIDTH) + 0.5) / WIDTH) * (v1 - v0))
      ? 1
      : 0,
  ),
);

/**
 * Writes frame t's four regions into `tensor` (T x 12 x 72 x 72). Each output pixel is a
 * bilinear sample at its centre; with `areaAverage`, a region more than twice the patch's
 * size on an axis averages floor(source / 72) bilinear samples across the pixel's footprint
 * on that axis (a browser's smoothed downscale, which reads mipmaps, rather than a sample
 * that drops most of a large face's pixels and their averaging of sensor noise).
 */
export function extractRegions(
  rgb: Uint8Array,
  width: number,
  height: number,
  faceWidth: number,
  tracked: [number, number],
  tensor: Uint8Array,
  t: number,
  areaAverage = false,
) {
  const [cx, cy] = tracked;
  const base = t * FRAME_BYTES;
  const acc = [0, 0, 0];
  BOXES.forEach(([u0, v0, u1, v1], r) => {
    const kx = areaAverage ? Math.max(1, Math.floor(((u1 - u0) * faceWidth) / WIDTH)) : 1;
    const ky = areaAverage ? Math.max(1, Math.floor(((v1 - v0) * faceWidth) / WIDTH)) : 1;
    const skin = SKIN[r];
    for (let j = 0; j < WIDTH; j++) {
      for (let i = 0; i < WIDTH; i++) {
        const px = j * WIDTH + i;
        if (!skin[px]) {
          for (let c = 0; c < 3; c++) tensor[base + (r * 3 + c) * PLANE_BYTES + px] = 0;
          continue;
        }
        acc[0] = acc[1] = acc[2] = 0;
        for (let b = 0; b < ky; b++) {
          const vs = v0 + ((j + (b + 0.5) / ky) / WIDTH) * (v1 - v0);
          const y = Math.min(height - 1.001, Math.max(0, cy + vs * faceWidth - 0.5));
          const y0 = Math.floor(y),
            fy = y - y0;
          for (let a = 0; a < kx; a++) {
            const us = u0 + ((i + (a + 0.5) / kx) / WIDTH) * (u1 - u0);
            const x = Math.min(width - 1.001, Math.max(0, cx + us * faceWidth - 0.5));
            const x0 = Math.floor(x),
              fx = x - x0;
            const p = (y0 * width + x0) * 3,
              q = p + 3,
              p2 = p + width * 3,
              q2 = p2 + 3;
            for (let c = 0; c < 3; c++)
              acc[c] +=
                (1 - fy) * ((1 - fx) * rgb[p + c] + fx * rgb[q + c]) + fy * ((1 - fx) * rgb[p2 + c] + fx * rgb[q2 + c]);
          }
        }
        const n = kx * ky;
        for (let c = 0; c < 3; c++)
          tensor[base + (r * 3 + c) * PLANE_BYTES + px] = Math.max(1, Math.round(n === 1 ? acc[c] : acc[c] / n)); // skin is never (0,0,0)
      }
    }
  });
}
