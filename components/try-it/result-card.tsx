import type { Result } from "@/sdk/src/web/index";
import { Badge } from "@/components/ui/badge";
import { confidenceBand, type Band } from "./confidence-band";
import { perVitalConfidence, reasonAdvice } from "./vital-quality";
import { WaveformCharts } from "./waveform-charts";
import { readWaveforms } from "./waveforms";

const VITALS = [
  { key: "heart_rate", label: "Heart rate", unit: "bpm" },
  { key: "respiratory_rate", label: "Respiratory rate", unit: "breaths/min" },
  { key: "hrv", label: "HRV (SDNN)", unit: "ms" },
  { key: "spo2", label: "SpO2", unit: "%" },
  { key: "systolic_bp", label: "Systolic BP", unit: "mmHg" },
  { key: "diastolic_bp", label: "Diastolic BP", unit: "mmHg" },
] as const;

const TONE: Record<Band["level"], "green" | "amber" | "red" | "neutral"> = {
  high: "green",
  moderate: "amber",
  low: "red",
  fallback: "neutral",
};

export function ResultCard({ result }: { result: Result }) {
  const vitals = result.vitals;
  if (!vitals) return null;
  const band = confidenceBand(vitals.confidence);
  const quality = perVitalConfidence(vitals);
  // What lowered it, when it is not high (a high scan's reasons need no action).
  const advice = band.level === "low" || band.level === "moderate" ? reasonAdvice(vitals) : [];
  const traces = readWaveforms(result);
  return (
    <section
      aria-labelledby="result-title"
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid="result-card"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="result-title" className="text-base font-semibold">
          Your result
        </h2>
        <Badge tone={TONE[band.level]}>
          {band.label}: {vitals.confidence.toFixed(2)}
        </Badge>
      </div>
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300" data-testid="confidence-advice">
        {band.advice}
      </p>
      {advice.length ? (
        <ul className="mb-4 list-disc pl-5 text-sm text-slate-700 dark:text-slate-300" data-testid="quality-reasons">
          {advice.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {VITALS.map((v) => {
          const own = quality[v.key];
          return (
            <div key={v.key} className="rounded-md bg-slate-50 p-3 dark:bg-slate-800" data-testid={`vital-${v.key}`}>
              <dt className="text-xs text-slate-600 dark:text-slate-400">{v.label}</dt>
              <dd className="mt-1 text-xl font-semibold tabular-nums">
                {vitals[v.key]}
                <span className="ml-1 text-xs font-normal text-slate-600 dark:text-slate-400">{v.unit}</span>
              </dd>
              {own !== undefined ? (
                <dd className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  {confidenceBand(own).label} ({own.toFixed(2)})
                </dd>
              ) : null}
            </div>
          );
        })}
      </dl>
      {traces.length ? <WaveformCharts traces={traces} /> : null}
      <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">
        Confidence bands: 0.7 and above high; 0.4 to 0.7 moderate; 0.1 to 0.4 low; 0.0 means inference failed and the
        values are synthetic. A wellness estimate, not a medical device.
        {result.processing_time_ms !== undefined ? ` Inference took ${result.processing_time_ms} ms.` : ""}
      </p>
    </section>
  );
}
