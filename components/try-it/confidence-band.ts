// The spec's confidence bands (docs/api.md, "Vitals"), in the words the Try it page shows.

export type Band = { level: "high" | "moderate" | "low" | "fallback"; label: string; advice: string };

export function confidenceBand(confidence: number): Band {
  if (confidence >= 0.7) return { level: "high", label: "High confidence", advice: "A reliable measurement." };
  if (confidence >= 0.4)
    return { level: "moderate", label: "Moderate confidence", advice: "Usable; a second scan may tighten it." };
  // A real measurement never reports under 0.10: 0.0 means inference failed.
  if (confidence > 0) {
    return {
      level: "low",
      label: "Low confidence",
      advice:
        "Poor lighting, motion or face detection. Face a window or a lamp, fill the frame with your face, keep still, and scan again.",
    };
  }
  return {
    level: "fallback",
    label: "Not a measurement",
    advice:
      "Inference failed, so these are synthetic fallback values (confidence 0.0). Scan again with your face well lit and still.",
  };
}
