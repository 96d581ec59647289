import { describe, expect, it } from "vitest";
import { PATCH, RowTest, convexHull, insideHull, regionLayouts, type Point } from "./face-regions.js";
import { isSkin, skinFrame, FRAME_BYTES } from "./skin-frame.js";

describe("convex hull", () => {
  it("keeps the corners and drops inner points; insideHull agrees", () => {
    const pts: Point[] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [5, 5],
      [2, 8],
    ];
    const hull = convexHull(pts);
    expect(hull).toHaveLength(4);
    expect(insideHull(hull, 5, 5)).toBe(true);
    expect(insideHull(hull, 11, 5)).toBe(false);
    expect(insideHull(hull, 5, -1)).toBe(false);
  });
});

/** A face mesh whose points all lie on a 20x20 grid laid over a 200x200 face at (100, 50). */
function gridMesh(): Float32Array {
  const mesh = new Float32Array(468 * 2);
  for (let i = 0; i < 468; i++) {
    mesh[2 * i] = 100 + (i % 20) * 10;
    mesh[2 * i + 1] = 50 + Math.floor(i / 20) * 9;
  }
  return mesh;
}

describe("a row's test against a hull", () => {
  it("answers as insideHull for every point: random hulls, points on and near their edges, flat and tiny edges", () => {
    let seed = 7;
    const random = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    let checked = 0;
    const wrong: string[] = [];
    for (let h = 0; h < 300; h++) {
      const n = 3 + Math.floor(random() * 12);
      const cx = 100 + random() * 400,
        cy = 100 + random() * 300;
      const points: Point[] = Array.from({ length: n }, () => [
        cx + (random() - 0.5) * 200,
        cy + (random() - 0.5) * 200,
      ]);
      // Some hulls get an edge that is flat, or nearly so (a rounded landmark pair).
      if (h % 3 === 0) points.push([points[0]![0] + 30, points[0]![1] + (h % 2 ? 0 : 1e-7)]);
      const hull = convexHull(points);
      const ys = [...Array(40)].map(() => cy + (random() - 0.5) * 220).concat(hull.map((p) => p[1]));
      for (const y of ys) {
        const row = new RowTest(hull, y);
        // Random points, the hull's own corners' x, and points a hair off them.
        const xs = [...Array(60)].map(() => cx + (random() - 0.5) * 220);
        for (const p of hull) xs.push(p[0], p[0] + 1e-9, p[0] - 1e-9, p[0] + 0.005, p[0] - 0.005);
        for (const x of xs) {
          if (row.inside(x) !== insideHull(hull, x, y)) wrong.push(`hull ${h} at (${x}, ${y})`);
          checked++;
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(100_000);
    // Fewer than three corners: nothing is inside, as insideHull says.
    expect(
      new RowTest(
        [
          [0, 0],
          [10, 10],
        ],
        5,
      ).inside(5),
    ).toBe(false);
  });
});

describe("region layouts", () => {
  it("frames each region by its box inside the video and masks part of its patch", () => {
    const layouts = regionLayouts(gridMesh(), { width: 640, height: 480 });
    expect(layouts).toHaveLength(4);
    for (const { box, mask, area } of layouts) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.w).toBeLessThanOrEqual(640);
      expect(mask).toHaveLength(PATCH * PATCH);
      expect(area).toBe(mask.reduce((a, b) => a + b, 0));
    }
  });

  it("clips a box to the frame when the face is partly outside it", () => {
    const mesh = gridMesh().map((v, i) => (i % 2 === 0 ? v - 150 : v));
    for (const { box } of regionLayouts(mesh, { width: 640, height: 480 })) expect(box.x).toBeGreaterThanOrEqual(0);
  });
});

describe("skin frame", () => {
  it("tells typical skin from hair, shadow, sky and blown-out highlights", () => {
    expect(isSkin(224, 172, 140)).toBe(true); // light skin
    expect(isSkin(141, 85, 36)).toBe(true); // dark skin
    expect(isSkin(40, 30, 25)).toBe(false); // too dark
    expect(isSkin(90, 120, 200)).toBe(false); // blue
    expect(isSkin(255, 220, 200)).toBe(false); // clipped
    expect(isSkin(120, 120, 120)).toBe(false); // grey
  });

  it("keeps skin inside the mask, writes (0,0,0) elsewhere, and reports the face's skin share and light", () => {
    const layouts = [0, 1, 2, 3].map(() => {
      const mask = new Uint8Array(PATCH * PATCH);
      mask.fill(1, 0, (PATCH * PATCH) / 2); // top half of each patch is in the region
      return { box: { x: 0, y: 0, w: 10, h: 10 }, mask, area: (PATCH * PATCH) / 2 };
    });
    const rgba = new Uint8ClampedArray(4 * PATCH * PATCH * 4);
    for (let p = 0; p < rgba.length; p += 4) rgba.set([200, 150, 120, 255], p);
    const out = new Uint8Array(FRAME_BYTES);
    const stats = skinFrame(rgba, layouts, out);
    const plane = PATCH * PATCH;
    expect([out[0], out[plane], out[2 * plane]]).toEqual([200, 150, 120]);
    expect([out[plane - 1], out[2 * plane - 1], out[3 * plane - 1]]).toEqual([0, 0, 0]);
    expect(stats.skinFraction).toBe(1);
    expect(stats.faceLuma).toBeCloseTo(0.299 * 200 + 0.587 * 150 + 0.114 * 120, 3);
    expect(stats.skinRgb).toEqual([200, 150, 120]);
  });

  it("gives the live pulse the mean skin colour of the forehead and cheeks only", () => {
    const layouts = [0, 1, 2, 3].map(() => ({
      box: { x: 0, y: 0, w: 10, h: 10 },
      mask: new Uint8Array(PATCH * PATCH).fill(1),
      area: PATCH * PATCH,
    }));
    const rgba = new Uint8ClampedArray(4 * PATCH * PATCH * 4);
    for (let p = 0; p < rgba.length; p += 4) {
      const region = Math.floor(((p / 4) % (4 * PATCH)) / PATCH);
      // Forehead and left cheek one tone, right cheek another, the whole face a third (ignored).
      rgba.set(region < 2 ? [200, 150, 120, 255] : region === 2 ? [170, 120, 100, 255] : [150, 100, 80, 255], p);
    }
    const stats = skinFrame(rgba, layouts, new Uint8Array(FRAME_BYTES));
    expect(stats.skinRgb![0]).toBeCloseTo((2 * 200 + 170) / 3, 6);
    expect(stats.skinRgb![1]).toBeCloseTo((2 * 150 + 120) / 3, 6);
    expect(stats.skinRgb![2]).toBeCloseTo((2 * 120 + 100) / 3, 6);
    // No skin in those three regions: no colour for the pulse.
    for (let p = 0; p < rgba.length; p += 4) if ((p / 4) % (4 * PATCH) < 3 * PATCH) rgba.set([90, 120, 200, 255], p);
    expect(skinFrame(rgba, layouts, new Uint8Array(FRAME_BYTES)).skinRgb).toBeUndefined();
  });
});
