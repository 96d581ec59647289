// The last gate before vitals leave the package: rounding per docs/api.md ("upload-complete"),
// confidence floor 0.10 (0.0 is reserved for the service's fallback), no NaN/Infinity.
import type { Vitals, VitalsQuality } from "../types.js";

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

export function finalizeVitals(v: Vitals): { ok: true; vitals: Vitals } | { ok: false; code: string; message: string } {
  const { quality, ...numbers } = v;
  const nested = Object.entries(quality ?? {}).flatMap(([k, part]) =>
    Array.isArray(part) ? [] : Object.entries(part).map(([f, x]) => [`quality.${k}.${f}`, x] as const),
  );
  for (const [k, value] of [...Object.entries(numbers), ...nested]) {
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
      ...(quality && { quality: floorQuality(quality, round(Math.min(1, Math.max(0.1, v.confidence)), 2)) }),
    },
  };
}

/**
 * The heart rate's confidence is the overall one (same floor and rounding); no per-vital
 * confidence is 0.0 either (that is the fallback's), and none exceeds the overall.
 */
function floorQuality(q: VitalsQuality, overall: number): VitalsQuality {
  const fix = (c: number) => round(Math.min(overall, Math.max(0.1, c)), 2);
  return {
    ...q,
    heart_rate: { ...q.heart_rate, confidence: overall },
    respiratory_rate: { confidence: fix(q.respiratory_rate.confidence) },
    hrv: { ...q.hrv, confidence: fix(q.hrv.confidence) },
    spo2: { confidence: fix(q.spo2.confidence) },
    blood_pressure: { confidence: fix(q.blood_pressure.confidence) },
  };
}
