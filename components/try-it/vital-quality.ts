// What the result's per-vital quality says (docs/api.md, "Per-vital quality"), in the words
// the Try it page shows: each vital's own confidence and what to do about each reason.
import type { Vitals } from "@/sdk/src/web/index";

type VitalKey = "heart_rate" | "respiratory_rate" | "hrv" | "spo2" | "systolic_bp" | "diastolic_bp";
type Reason = NonNullable<Vitals["quality"]>["reasons"][number];

/** Each shown vital's own confidence; both blood pressures share one. Empty without quality. */
export function perVitalConfidence(vitals: Vitals): Partial<Record<VitalKey, number>> {
  const q = vitals.quality;
  if (!q) return {};
  return {
    heart_rate: q.heart_rate.confidence,
    respiratory_rate: q.respiratory_rate.confidence,
    hrv: q.hrv.confidence,
    spo2: q.spo2.confidence,
    systolic_bp: q.blood_pressure.confidence,
    diastolic_bp: q.blood_pressure.confidence,
  };
}

const ADVICE: Record<Reason, string> = {
  motion: "You or the light moved: keep your head still and the light steady.",
  low_light: "Your face was dim: face a window or a lamp.",
  face_lost: "Your face left the frame: keep it centred and close.",
  weak_pulse: "The pulse was faint in the video: more light on your face and a closer camera help.",
  compression: "The video was compressed, which hides much of the pulse: scan with the camera, not a recorded file.",
};

/** One sentence per reason the result names, in the API's order; unknown reasons are skipped. */
export function reasonAdvice(vitals: Vitals): string[] {
  return (vitals.quality?.reasons ?? []).flatMap((r) => (r in ADVICE ? [ADVICE[r]] : []));
}
