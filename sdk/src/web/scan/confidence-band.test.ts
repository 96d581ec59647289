import { describe, expect, it } from "vitest";
import { confidenceBand } from "./confidence-band.js";

describe("confidenceBand", () => {
  it("follows the spec's bands at their edges", () => {
    expect([1, 0.7, 0.69, 0.4, 0.39, 0.1, 0.05, 0].map((c) => confidenceBand(c).level)).toEqual([
      "high",
      "high",
      "moderate",
      "moderate",
      "low",
      "low",
      "low",
      "fallback",
    ]);
  });

  it("says what to do about a low one, and that 0.0 is no measurement", () => {
    expect(confidenceBand(0.2).advice).toMatch(/lighting, motion or face detection.*scan again/);
    expect(confidenceBand(0).advice).toMatch(/fallback values/);
  });
});
