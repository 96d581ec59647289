import { describe, expect, it } from "vitest";
import { reportedSdnn, typicalSdnn } from "../src/vitals/sdnn-prior.js";

describe("SDNN the beats cannot measure", () => {
  it("is typical for the heart rate: about 50 ms at 70 bpm, less at a fast pulse, held to 8-60 ms", () => {
    expect(typicalSdnn(70)).toBeCloseTo(50, 6);
    expect(typicalSdnn(140)).toBeCloseTo(12.5, 6);
    expect(typicalSdnn(40)).toBe(60);
    expect(typicalSdnn(240)).toBe(8);
  });

  it("pulls a reading above the typical value toward it as far as the beats are not trusted", () => {
    expect(reportedSdnn(124, 75, 0.1)).toBeCloseTo(typicalSdnn(75) + 0.25 * (124 - typicalSdnn(75)), 6);
    expect(reportedSdnn(124, 75, 0)).toBeCloseTo(typicalSdnn(75), 6);
    expect(reportedSdnn(124, 75, 0.4)).toBe(124);
    expect(reportedSdnn(124, 75, 0.9)).toBe(124);
  });

  it("keeps a reading below the typical value: noise never narrows the intervals' spread", () => {
    expect(reportedSdnn(13, 66, 0.1)).toBe(13);
    expect(reportedSdnn(5, 141, 0)).toBe(5);
  });
});
