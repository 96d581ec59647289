// The last gate before vitals leave the package: rounding per decisions.md section 3,
// confidence floor 0.10 (0.0 is reserved for the service's fallback), no NaN/Infinity.
import type { Vitals } from "../types.js";

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

export function finalizeVitals(v: Vitals): { ok: true; vitals: Vitals } | { ok: false; code: string; message: string } {
  for (const [k, value] of Object.entries(v)) {
    if (!Number.isFinite(value)) return { ok: false, code: "NON_FINITE", message: `${k} is not a finite number` };
  }
  return {
    ok: true,
    vitals: {
      heart_rate: round(v.heart_rate, 1),
      respiratory_rate: round(v.respiratory_rate, 1),
      hrv: Math.round(v.hrv),
      spo2: round(v.spo2, 1),
      systolic_bp: round(v.systolic_bp, 1),
      diastolic_bp: round(v.diastolic_bp, 1),
      confidence: round(Math.min(1, Math.max(0.1, v.confidence)), 2),
    },
  };
}
