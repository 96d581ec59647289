import { describe, expect, it } from "vitest";
import type { Vitals } from "../../types.js";
import { perVitalConfidence, reasonAdvice } from "./vital-quality.js";

const vitals: Vitals = {
  heart_rate: 72,
  respiratory_rate: 15,
  hrv: 40,
  spo2: 97,
  systolic_bp: 118,
  diastolic_bp: 76,
  confidence: 0.35,
  quality: {
    heart_rate: { confidence: 0.35, snr_db: -1.2 },
    respiratory_rate: { confidence: 0.2 },
    hrv: { confidence: 0.1, beats: 12 },
    spo2: { confidence: 0.3 },
    blood_pressure: { confidence: 0.2 },
    reasons: ["motion", "compression"],
  },
};

describe("per-vital quality in <vitals-scan>", () => {
  it("reads each vital's confidence from vitals.quality, blood pressure for both pressures", () => {
    expect(perVitalConfidence(vitals)).toEqual({
      heart_rate: 0.35,
      respiratory_rate: 0.2,
      hrv: 0.1,
      spo2: 0.3,
      systolic_bp: 0.2,
      diastolic_bp: 0.2,
    });
    expect(perVitalConfidence({ ...vitals, quality: undefined })).toEqual({});
  });

  it("turns each reason into what to do, in order, and skips ones it does not know", () => {
    const advice = reasonAdvice(vitals);
    expect(advice).toHaveLength(2);
    expect(advice[0]).toMatch(/keep your head still/);
    expect(advice[1]).toMatch(/compressed.*camera/);
    const unknown = { ...vitals, quality: { ...vitals.quality!, reasons: ["glare"] as unknown as [] } };
    expect(reasonAdvice(unknown)).toEqual([]);
  });
});
