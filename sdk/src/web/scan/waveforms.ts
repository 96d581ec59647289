import type { Result, Waveform } from "../../types.js";
import { EN, type ScanTexts } from "./texts.js";

// The service's waveforms of a scan (`result.waveforms`, asked for with include: ["waveform"];
// docs/api.md, "Waveforms"), turned into what the result card draws: points in seconds, with a
// gap wherever the service gave a sample no confidence (movement or lighting events).

export type WaveformKind = "pulse" | "breathing";

export type Trace = {
  kind: WaveformKind;
  sampleRateHz: number;
  /** Seconds the samples span. */
  seconds: number;
  /** Time (s) and value (relative units); `v` null where the confidence is 0: a gap in the line. */
  points: { t: number; v: number | null }[];
  /** Seconds of those gaps. */
  gapSeconds: number;
};

/** More points than this are thinned (a 120 s scan at 60 Hz is 7,200); a 20 s scan at 30 Hz is 600. */
export const MAX_POINTS = 1200;

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

function readTrace(kind: WaveformKind, w: Waveform | undefined): Trace | null {
  const rate = w?.sample_rate_hz;
  const values = w?.values;
  if (!finite(rate) || rate <= 0 || !Array.isArray(values) || values.length < 2 || !values.every(finite)) return null;
  // One confidence per sample; without a readable one, every sample counts.
  const confidence =
    Array.isArray(w!.confidence) && w!.confidence.length === values.length && w!.confidence.every(finite)
      ? w!.confidence
      : undefined;
  const usable = (i: number) => !confidence || confidence[i]! > 0;
  let gaps = 0;
  for (let i = 0; i < values.length; i++) if (!usable(i)) gaps++;
  // Nothing the service stood by: nothing to draw.
  if (gaps === values.length) return null;
  const step = Math.ceil(values.length / MAX_POINTS);
  const points: Trace["points"] = [];
  for (let i = 0; i < values.length; i += step)
    points.push({ t: Number((i / rate).toFixed(3)), v: usable(i) ? values[i]! : null });
  return { kind, sampleRateHz: rate, seconds: values.length / rate, points, gapSeconds: gaps / rate };
}

/** The pulse and breathing traces a result carries, in that order; none without `waveforms`. */
export function readWaveforms(result: Pick<Result, "waveforms"> | null | undefined): Trace[] {
  const w = result?.waveforms;
  if (!w || typeof w !== "object") return [];
  return (["pulse", "breathing"] as const).map((k) => readTrace(k, w[k])).filter((t): t is Trace => t !== null);
}

/** Seconds as a reader says them: one decimal at most ("20 s", "19.5 s"). */
export const formatSeconds = (s: number) => `${Number(s.toFixed(1))} s`;

/** What a trace shows, for its accessible name: the waveform, its length and rate, and its gaps. */
export function describeTrace(trace: Trace, t: ScanTexts = EN): string {
  const gaps = trace.gapSeconds > 0 ? formatSeconds(trace.gapSeconds) : null;
  const rate = Number(trace.sampleRateHz.toFixed(2));
  return t.traceLabel(t.waveNames[trace.kind], formatSeconds(trace.seconds), rate, gaps);
}

export const traceName = (kind: WaveformKind, t: ScanTexts = EN) => t.waveNames[kind];

/** The caption under the charts: which waveforms, over how long, and what their gaps are. */
export function waveformsCaption(traces: Trace[], t: ScanTexts = EN): string {
  const names = traces.map((tr) => traceName(tr.kind, t).toLowerCase());
  const seconds = Math.max(...traces.map((tr) => tr.seconds));
  return t.tracesCaption(
    names,
    formatSeconds(seconds),
    traces.some((tr) => tr.gapSeconds > 0),
  );
}
