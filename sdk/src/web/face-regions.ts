// The four skin regions of the tensor (docs/tensor-format.md) from the 468 points of the face
// mesh: each region is the convex hull of a set of mesh points, minus the eyes, brows and lips,
// framed by its bounding box and rasterised into a 72x72 mask (1 = inside the region).
// Hulls, not hand-ordered polygons, so a point slightly off its place cannot twist a polygon.

export const PATCH = 72;

/** Point indices of the mesh (MediaPipe's canonical face mesh, which the face model outputs). */
const FACE_OVAL = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136,
  172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
];
const FOREHEAD = [103, 67, 109, 10, 338, 297, 332, 104, 69, 108, 151, 337, 299, 333];
// The person's own left and right (the left cheek is on the right of an unmirrored picture).
const LEFT_CHEEK = [345, 346, 347, 348, 329, 266, 425, 411, 352, 280, 330];
const RIGHT_CHEEK = [116, 117, 118, 119, 100, 36, 205, 187, 123, 50, 101];
const LEFT_EYE = [263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466];
const RIGHT_EYE = [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246];
const LEFT_BROW = [276, 283, 282, 295, 285, 300, 293, 334, 296, 336];
const RIGHT_BROW = [46, 53, 52, 65, 55, 70, 63, 105, 66, 107];
const LIPS = [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291, 409, 270, 269, 267, 0, 37, 39, 40, 185];

/** Region order of the tensor: forehead, left cheek, right cheek, whole face. */
const REGION_POINTS = [FOREHEAD, LEFT_CHEEK, RIGHT_CHEEK, FACE_OVAL];
// Eyes and lips are grown a little around their centre: lashes, lids and lip edges are not skin.
const FEATURES: [number[], number][] = [
  [LEFT_EYE, 1.5],
  [RIGHT_EYE, 1.5],
  [LEFT_BROW, 1.25],
  [RIGHT_BROW, 1.25],
  [LIPS, 1.2],
];

export type Point = [number, number];
export type Box = { x: number; y: number; w: number; h: number };
/** Where a region sits in the video (its box) and which of its 72x72 patch pixels are inside. */
export type RegionLayout = { box: Box; mask: Uint8Array; area: number };

/** Andrew's monotone chain: the hull's corners, counter-clockwise in image coordinates. */
export function convexHull(points: Point[]): Point[] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: Point[]) => {
    const out: Point[] = [];
    for (const q of list) {
      while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, q) <= 0) out.pop();
      out.push(q);
    }
    out.pop();
    return out;
  };
  return [...half(p), ...half([...p].reverse())];
}

/** Inside (or on) a hull from convexHull. */
export function insideHull(hull: Point[], x: number, y: number): boolean {
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i]!,
      b = hull[(i + 1) % hull.length]!;
    if ((b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]) < 0) return false;
  }
  return hull.length >= 3;
}

function grow(points: Point[], factor: number): Point[] {
  const cx = points.reduce((s, p) => s + p[0], 0) / points.length;
  const cy = points.reduce((s, p) => s + p[1], 0) / points.length;
  return points.map(([x, y]) => [cx + (x - cx) * factor, cy + (y - cy) * factor]);
}

/** The four regions for one set of landmarks (`mesh`: x0, y0, x1, y1, ... in video pixels). */
export function regionLayouts(mesh: Float32Array, frame: { width: number; height: number }): RegionLayout[] {
  const at = (i: number): Point => [mesh[2 * i]!, mesh[2 * i + 1]!];
  const holes = FEATURES.map(([idx, factor]) => convexHull(grow(idx.map(at), factor)));
  return REGION_POINTS.map((idx) => {
    const hull = convexHull(idx.map(at));
    const xs = hull.map((p) => p[0]),
      ys = hull.map((p) => p[1]);
    // Clipped to the frame: drawImage must not read outside the video.
    const x0 = Math.max(0, Math.min(...xs)),
      y0 = Math.max(0, Math.min(...ys));
    const x1 = Math.min(frame.width, Math.max(...xs)),
      y1 = Math.min(frame.height, Math.max(...ys));
    const box = { x: x0, y: y0, w: Math.max(1, x1 - x0), h: Math.max(1, y1 - y0) };
    const mask = new Uint8Array(PATCH * PATCH);
    let area = 0;
    for (let v = 0; v < PATCH; v++) {
      const y = box.y + ((v + 0.5) / PATCH) * box.h;
      const row = new RowTest(hull, y);
      const holeRows = holes.map((h) => new RowTest(h, y));
      for (let u = 0; u < PATCH; u++) {
        const x = box.x + ((u + 0.5) / PATCH) * box.w;
        if (row.inside(x) && !holeRows.some((h) => h.inside(x))) {
          mask[v * PATCH + u] = 1;
          area++;
        }
      }
    }
    return { box, mask, area };
  });
}

// Within this many pixels of where a row crosses a hull's edge, the edge test itself decides.
const EDGE_MARGIN = 0.01;

/**
 * insideHull for the points of one row, at a few compares a point: a row crosses a convex hull
 * in one span, found once from the edges. Points near the span's ends (and rows along a
 * nearly flat edge) take insideHull itself, so every answer is the same as insideHull's.
 */
export class RowTest {
  readonly #lo: number = -Infinity;
  readonly #hi: number = Infinity;
  readonly #exact: boolean = false;
  readonly #hull: Point[];
  readonly #y: number;

  constructor(hull: Point[], y: number) {
    this.#hull = hull;
    this.#y = y;
    if (hull.length < 3) {
      this.#lo = Infinity;
      this.#hi = -Infinity;
      return;
    }
    for (let i = 0; i < hull.length; i++) {
      const a = hull[i]!,
        b = hull[(i + 1) % hull.length]!;
      // Inside this edge: (b.x - a.x)(y - a.y) - dy (x - a.x) >= 0, a bound on x unless dy is 0.
      const dy = b[1] - a[1],
        lean = (b[0] - a[0]) * (y - a[1]);
      if (dy === 0) {
        if (lean < 0) this.#hi = -Infinity;
      } else if (Math.abs(dy) < 1e-6) {
        this.#exact = true;
      } else if (dy > 0) {
        this.#hi = Math.min(this.#hi, a[0] + lean / dy);
      } else {
        this.#lo = Math.max(this.#lo, a[0] + lean / dy);
      }
    }
  }

  inside(x: number): boolean {
    if (this.#exact) return insideHull(this.#hull, x, this.#y);
    if (x <= this.#lo - EDGE_MARGIN || x >= this.#hi + EDGE_MARGIN) return false;
    if (x >= this.#lo + EDGE_MARGIN && x <= this.#hi - EDGE_MARGIN) return true;
    return insideHull(this.#hull, x, this.#y);
  }
}

/** Centre and width of the face (for motion): the face oval's box. */
export function faceFrame(mesh: Float32Array): { cx: number; cy: number; width: number } {
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  for (const i of FACE_OVAL) {
    const x = mesh[2 * i]!,
      y = mesh[2 * i + 1]!;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return { cx: (minX + maxX) / 2, cy: (minY + maxY) / 2, width: maxX - minX };
}
