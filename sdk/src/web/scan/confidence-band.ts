// The spec's confidence bands (docs/api.md, "Vitals"), in the words <vitals-scan> shows.
import { EN, type BandLevel, type ScanTexts } from "./texts.js";

export type Band = { level: BandLevel; label: string; advice: string };

export function confidenceBand(confidence: number, t: ScanTexts = EN): Band {
  const band = (level: BandLevel): Band => ({ level, label: t.bands[level][0], advice: t.bands[level][1] });
  if (confidence >= 0.7) return band("high");
  if (confidence >= 0.4) return band("moderate");
  // A real measurement never reports under 0.10: 0.0 means inference failed.
  return band(confidence > 0 ? "low" : "fallback");
}
