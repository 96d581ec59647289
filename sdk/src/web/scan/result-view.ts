// The result card: the vitals with the scan's confidence band and each vital's own, what to do
// about a low one, and the service's pulse and breathing waveforms when asked for.
import type { Result } from "../../types.js";
import { confidenceBand } from "./confidence-band.js";
import { h, s } from "./dom.js";
import type { ScanTexts } from "./texts.js";
import { perVitalConfidence, reasonAdvice, type VitalKey } from "./vital-quality.js";
import { describeTrace, readWaveforms, traceName, waveformsCaption, type Trace } from "./waveforms.js";

const VITALS: VitalKey[] = ["heart_rate", "respiratory_rate", "hrv", "spo2", "systolic_bp", "diastolic_bp"];

export function resultCard(result: Result, t: ScanTexts): HTMLElement | null {
  const vitals = result.vitals;
  if (!vitals) return null;
  const band = confidenceBand(vitals.confidence, t);
  const quality = perVitalConfidence(vitals);
  // What lowered it, when it is not high (a high scan's reasons need no action).
  const advice = band.level === "low" || band.level === "moderate" ? reasonAdvice(vitals, t) : [];
  const traces = readWaveforms(result);
  const vital = (key: VitalKey) => {
    const [label, unit] = t.vitals[key];
    const own = quality[key];
    return h(
      "div",
      { class: "vital", part: "vital", "data-testid": `vital-${key}` },
      h("dt", {}, label),
      h("dd", {}, h("span", { class: "value" }, String(vitals[key])), h("span", { class: "unit" }, ` ${unit}`)),
      own === undefined ? null : h("dd", { class: "own" }, `${confidenceBand(own, t).label} (${own.toFixed(2)})`),
    );
  };
  const took = result.processing_time_ms === undefined ? "" : t.inferenceTook(result.processing_time_ms);
  return h(
    "section",
    {
      class: "panel",
      part: "result",
      "aria-labelledby": "vitals-result-title",
      "data-testid": "result-card",
      tabindex: -1,
    },
    h(
      "div",
      { class: "result-head" },
      h("h2", { id: "vitals-result-title" }, t.resultTitle),
      h("span", { class: `badge ${band.level}`, part: "badge" }, `${band.label}: ${vitals.confidence.toFixed(2)}`),
    ),
    h("p", { class: "note", "data-testid": "confidence-advice" }, band.advice),
    advice.length
      ? h("ul", { class: "reasons", "data-testid": "quality-reasons" }, ...advice.map((a) => h("li", {}, a)))
      : null,
    h("dl", { class: "vitals" }, ...VITALS.map(vital)),
    traces.length
      ? h(
          "figure",
          { class: "waveforms", part: "waveforms", "data-testid": "waveforms" },
          ...traces.map((tr) => traceChart(tr, t)),
          h("figcaption", {}, waveformsCaption(traces, t)),
        )
      : null,
    h("p", { class: "small" }, t.bandsNote + took),
  );
}

const W = 300;
const H = 64;

/** The trace as an SVG path: a line broken where the service gave no confidence. */
export function tracePath(trace: Trace): string {
  const values = trace.points.filter((p) => p.v !== null).map((p) => p.v as number);
  const lo = Math.min(...values);
  const span = Math.max(...values) - lo || 1;
  let d = "";
  let pen = false;
  for (const p of trace.points) {
    if (p.v === null) {
      pen = false;
      continue;
    }
    const x = ((p.t / trace.seconds) * W).toFixed(1);
    const y = (H - 2 - ((p.v - lo) / span) * (H - 4)).toFixed(1);
    d += `${pen ? "L" : "M"}${x},${y}`;
    pen = true;
  }
  return d;
}

/** Ticks every 5 s (every 10 s past 30 s), so a phone's narrow chart keeps them apart. */
function ticks(seconds: number): number[] {
  const every = seconds > 30 ? 10 : 5;
  return Array.from({ length: Math.floor(seconds / every) + 1 }, (_, i) => i * every).filter((x) => x < seconds - 1);
}

function traceChart(trace: Trace, t: ScanTexts): HTMLElement {
  return h(
    "div",
    { class: "trace" },
    h("p", { "aria-hidden": "true" }, traceName(trace.kind, t)),
    // One image for assistive technology, named by what it shows.
    h(
      "div",
      {
        class: `chart ${trace.kind}`,
        role: "img",
        "aria-label": describeTrace(trace, t),
        "data-testid": `waveform-${trace.kind}`,
      },
      s(
        "svg",
        { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", "aria-hidden": "true" },
        s("path", {
          class: "line",
          part: "waveform-line",
          d: tracePath(trace),
          fill: "none",
          stroke: "currentColor",
          "stroke-width": 1.5,
          "vector-effect": "non-scaling-stroke",
        }),
      ),
      h(
        "div",
        { class: "ticks", "aria-hidden": "true" },
        ...ticks(trace.seconds).map((x) => h("span", { style: `left: ${(x / trace.seconds) * 100}%` }, t.seconds(x))),
      ),
    ),
  );
}
