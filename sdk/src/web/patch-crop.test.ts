import { describe, expect, it } from "vitest";
import { PATCH } from "./face-regions.js";
import { cropPatches, unionOf, type Span } from "./patch-crop.js";

const W = 250;
const H = 240;

/** A frame whose red is its column, green its row and blue 7. */
function frame(): Uint8ClampedArray {
  const px = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) px.set([x, y, 7, 255], 4 * (y * W + x));
  return px;
}

/** What getImageData answers for the span. */
function read(all: Uint8ClampedArray, span: Span) {
  const out = new Uint8ClampedArray(span.w * span.h * 4);
  for (let y = 0; y < span.h; y++) {
    const from = 4 * ((span.y + y) * W + span.x);
    out.set(all.subarray(from, from + 4 * span.w), 4 * y * span.w);
  }
  return out;
}

function crop(boxes: { x: number; y: number; w: number; h: number }[]) {
  const span = unionOf(boxes, W, H);
  const out = new Uint8ClampedArray(4 * PATCH * PATCH * 4);
  cropPatches(read(frame(), span), span, boxes, out);
  const at = (r: number, k: number, j: number) => {
    const i = 4 * (j * 4 * PATCH + r * PATCH + k);
    return Array.from(out.subarray(i, i + 4));
  };
  return { span, at };
}

describe("cropPatches", () => {
  it("each patch pixel is the mean of its cell of the box, region r at columns r*72, from the union's read-back", () => {
    const { span, at } = crop([
      { x: 10, y: 20, w: 3 * PATCH, h: PATCH },
      { x: 100, y: 50, w: PATCH, h: 2 * PATCH },
      { x: 30, y: 5, w: PATCH, h: 3 * PATCH },
      { x: 2, y: 3, w: 3 * PATCH, h: 3 * PATCH },
    ]);
    expect(span).toEqual({ x: 2, y: 3, w: 3 * PATCH + 8, h: 3 * PATCH + 2 });
    for (const k of [0, 17, 71]) {
      for (const j of [0, 40, 71]) {
        // 3 columns a cell: the middle one is the mean.
        expect(at(0, k, j)).toEqual([11 + 3 * k, 20 + j, 7, 255]);
        // 2 rows a cell: their mean, 50.5 + 2j, rounded either way.
        expect(at(1, k, j)[0]).toBe(100 + k);
        expect(Math.abs(at(1, k, j)[1]! - (50.5 + 2 * j))).toBeLessThanOrEqual(0.5);
        expect(at(2, k, j)).toEqual([30 + k, 6 + 3 * j, 7, 255]);
        expect(at(3, k, j)).toEqual([3 + 3 * k, 4 + 3 * j, 7, 255]);
      }
    }
  });

  it("a box partly outside the frame is cut at its edge; a box smaller than the patch takes the nearest pixels", () => {
    const small = { x: 100, y: 100, w: 36, h: 36 };
    const { span, at } = crop([{ x: 200, y: 200, w: 144, h: 144 }, small, small, small]);
    expect(span).toEqual({ x: 100, y: 100, w: 150, h: 140 });
    // Past the frame's last column and row, the cells hold its last pixel.
    expect(at(0, 71, 71)).toEqual([249, 239, 7, 255]);
    expect(at(0, 0, 0)).toEqual([200, 200, 7, 255]);
    // Two patch pixels a frame pixel.
    for (const k of [0, 1, 2, 3, 70, 71]) expect(Math.abs(at(1, k, 0)[0]! - (100 + k / 2))).toBeLessThanOrEqual(0.5);
  });
});
