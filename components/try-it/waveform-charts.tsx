"use client";

import { CartesianGrid, Line, LineChart, ResponsiveContainer, XAxis, YAxis } from "recharts";
import { describeTrace, traceName, waveformsCaption, type Trace } from "./waveforms";

const STROKE: Record<Trace["kind"], string> = {
  pulse: "text-rose-600 dark:text-rose-400",
  breathing: "text-sky-700 dark:text-sky-400",
};

/** Ticks every 5 s (every 10 s past 30 s), so a phone's narrow chart keeps them apart. */
function ticks(seconds: number): number[] {
  const every = seconds > 30 ? 10 : 5;
  return Array.from({ length: Math.floor(seconds / every) + 1 }, (_, i) => i * every);
}

function TraceChart({ trace }: { trace: Trace }) {
  return (
    <div className="mt-3 min-w-0">
      <p className="text-xs font-medium text-slate-700 dark:text-slate-300" aria-hidden="true">
        {traceName(trace.kind)}
      </p>
      {/* One image for assistive technology, named by what it shows; recharts' own layer is off. */}
      <div
        role="img"
        aria-label={describeTrace(trace)}
        className="h-24 w-full overflow-hidden text-slate-600 dark:text-slate-400"
        data-testid={`waveform-${trace.kind}`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={trace.points} margin={{ top: 4, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid vertical horizontal={false} stroke="currentColor" strokeOpacity={0.15} />
            <XAxis
              dataKey="t"
              type="number"
              domain={[0, trace.seconds]}
              ticks={ticks(trace.seconds)}
              tickFormatter={(t: number) => `${t} s`}
              tickLine={false}
              axisLine={false}
              tick={{ fill: "currentColor", fontSize: 11 }}
              height={18}
            />
            <YAxis hide domain={["dataMin", "dataMax"]} />
            <Line
              dataKey="v"
              type="linear"
              className={STROKE[trace.kind]}
              stroke="currentColor"
              strokeWidth={1.5}
              dot={false}
              activeDot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}

/** The service's pulse and breathing waveforms of the scan (relative units, over its seconds). */
export function WaveformCharts({ traces }: { traces: Trace[] }) {
  return (
    <figure className="mt-4 min-w-0" data-testid="waveforms">
      {traces.map((t) => (
        <TraceChart key={t.kind} trace={t} />
      ))}
      <figcaption className="mt-2 text-xs text-slate-600 dark:text-slate-400">{waveformsCaption(traces)}</figcaption>
    </figure>
  );
}
