import { describe, expect, it } from "vitest";
import { tracePath } from "./result-view.js";
import type { Trace } from "./waveforms.js";

const trace = (v: (number | null)[]): Trace => ({
  kind: "pulse",
  sampleRateHz: 1,
  seconds: v.length,
  points: v.map((value, t) => ({ t, v: value })),
  gapSeconds: v.filter((x) => x === null).length,
});

describe("the result card's waveform line", () => {
  it("spans the chart left to right, highest value at the top", () => {
    expect(tracePath(trace([0, 1, 0.5]))).toBe("M0.0,62.0L100.0,2.0L200.0,32.0");
  });
  it("lifts the pen over a gap the service left out, so no line crosses it", () => {
    expect(tracePath(trace([0, 1, null, 0, 1]))).toBe("M0.0,62.0L60.0,2.0M180.0,62.0L240.0,2.0");
  });
});
