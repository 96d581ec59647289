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

/** Writes frame t's four regions into `tensor` (T x 12 x 72 x 72). */
export function extractRegions(
  rgb: Uint8Array,
  width: number,
  height: number,
  faceWidth: number,
  tracked: [number, number],
  tensor: Uint8Array,
  t: number,
) {
  const [cx, cy] = tracked;
  const base = t * FRAME_BYTES;
  BOXES.forEach(([u0, v0, u1, v1], r) => {
    for (let j = 0; j < WIDTH; j++) {
      const v = v0 + ((j + 0.5) / WIDTH) * (v1 - v0);
      const y = Math.min(height - 1.001, Math.max(0, cy + v * faceWidth - 0.5));
      const y0 = Math.floor(y),
        fy = y - y0;
      for (let i = 0; i < WIDTH; i++) {
        const u = u0 + ((i + 0.5) / WIDTH) * (u1 - u0);
        const px = j * WIDTH + i;
        if (!isSkin(u, v)) {
          for (let c = 0; c < 3; c++) tensor[base + (r * 3 + c) * PLANE_BYTES + px] = 0;
          continue;
        }
        const x = Math.min(width - 1.001, Math.max(0, cx + u * faceWidth - 0.5));
        const x0 = Math.floor(x),
          fx = x - x0;
        const a = (y0 * width + x0) * 3,
          b = a + 3,
          c2 = a + width * 3,
          d = c2 + 3;
        for (let c = 0; c < 3; c++) {
          const val =
            (1 - fy) * ((1 - fx) * rgb[a + c] + fx * rgb[b + c]) + fy * ((1 - fx) * rgb[c2 + c] + fx * rgb[d + c]);
          tensor[base + (r * 3 + c) * PLANE_BYTES + px] = Math.max(1, Math.round(val)); // skin is never (0,0,0)
        }
      }
    }
  });
}
