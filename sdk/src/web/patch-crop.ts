// The four regions' boxes cut from one read-back of the frame and area-averaged to 72x72 each,
// side by side, as skin-frame.ts takes them. Done here rather than by four drawImage calls
// with a source rectangle: one draw a frame is what a phone's budget allows, and WebKit ignores
// the source rectangle of a VideoFrame (docs/sdk.md, "Engines").
import { PATCH, type Box } from "./face-regions.js";

/** Whole pixels of the frame that hold every box: what is read back from the canvas. */
export type Span = { x: number; y: number; w: number; h: number };

export function unionOf(boxes: Box[], width: number, height: number): Span {
  let x0 = width,
    y0 = height,
    x1 = 0,
    y1 = 0;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.w);
    y1 = Math.max(y1, b.y + b.h);
  }
  const x = clamp(Math.floor(x0), 0, width - 1);
  const y = clamp(Math.floor(y0), 0, height - 1);
  return { x, y, w: clamp(Math.ceil(x1), x + 1, width) - x, h: clamp(Math.ceil(y1), y + 1, height) - y };
}

/**
 * `pixels`: RGBA of `span` (span.w x span.h). Writes PATCH rows of 4 * PATCH RGBA pixels into
 * `out`: region r's box at columns r*PATCH.., each patch pixel the mean of the frame pixels
 * whose centres fall in its cell (the nearest one when the box is smaller than the patch).
 */
export function cropPatches(pixels: Uint8ClampedArray, span: Span, boxes: Box[], out: Uint8ClampedArray): void {
  const rowStride = 4 * PATCH * 4;
  for (const [r, box] of boxes.entries()) {
    const cols = cells(box.x - span.x, box.w, span.w);
    const rows = cells(box.y - span.y, box.h, span.h);
    for (let j = 0; j < PATCH; j++) {
      const ya = rows[2 * j]!,
        yb = rows[2 * j + 1]!;
      for (let k = 0; k < PATCH; k++) {
        const xa = cols[2 * k]!,
          xb = cols[2 * k + 1]!;
        let red = 0,
          green = 0,
          blue = 0;
        for (let y = ya; y < yb; y++) {
          let at = 4 * (y * span.w + xa);
          for (let x = xa; x < xb; x++, at += 4) {
            red += pixels[at]!;
            green += pixels[at + 1]!;
            blue += pixels[at + 2]!;
          }
        }
        const n = (yb - ya) * (xb - xa);
        const to = j * rowStride + 4 * (r * PATCH + k);
        out[to] = red / n;
        out[to + 1] = green / n;
        out[to + 2] = blue / n;
        out[to + 3] = 255;
      }
    }
  }
}

/** Each patch cell's first and past-last pixel along one axis, never empty, inside 0..limit. */
function cells(start: number, size: number, limit: number): Int32Array {
  const edges = new Int32Array(2 * PATCH);
  for (let k = 0; k < PATCH; k++) {
    const a = clamp(Math.round(start + (k * size) / PATCH), 0, limit - 1);
    edges[2 * k] = a;
    edges[2 * k + 1] = clamp(Math.round(start + ((k + 1) * size) / PATCH), a + 1, limit);
  }
  return edges;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
