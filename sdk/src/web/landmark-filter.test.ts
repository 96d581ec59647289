import { describe, expect, it } from "vitest";
import { followLandmarks, JITTER, SMOOTHING } from "./landmark-filter.js";

/** A 468-point mesh: a 100 px wide grid shifted by (dx, dy). */
function mesh(dx = 0, dy = 0): Float32Array {
  const m = new Float32Array(468 * 2);
  for (let i = 0; i < 468; i++) {
    m[2 * i] = 100 + (i % 21) * 5 + dx;
    m[2 * i + 1] = 100 + Math.floor(i / 21) * 5 + dy;
  }
  return m;
}

describe("followLandmarks", () => {
  it("takes the first landmarks as they are, at rest", () => {
    const first = mesh();
    expect(followLandmarks(undefined, first, 0)).toEqual({ mesh: first, speed: 0 });
  });

  it("smooths a jitter-sized change (under 3% of the face width)", () => {
    const previous = { mesh: mesh(), at: 0 };
    const { mesh: out, speed } = followLandmarks(previous, mesh(2), 100); // 2 px of a 100 px face
    expect(2 / 100).toBeLessThan(JITTER);
    expect(out[0]).toBeCloseTo(100 + SMOOTHING * 2, 5);
    expect(speed).toBeCloseTo(0.2, 5); // 0.02 face-widths in 0.1 s
  });

  it("takes a real move at once and reports its speed in face-widths per second", () => {
    const previous = { mesh: mesh(), at: 1000 };
    const moved = mesh(20);
    const { mesh: out, speed } = followLandmarks(previous, moved, 1200);
    expect(out).toBe(moved);
    expect(speed).toBeCloseTo(1, 5); // 0.2 face-widths in 0.2 s
  });
});
