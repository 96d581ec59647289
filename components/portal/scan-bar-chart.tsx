"use client";

import type { ComponentProps, ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export type BarSeries = {
  key: string;
  name: string;
  fill: string;
  stackId?: string;
  radius?: [number, number, number, number];
};

type Props = {
  data: Record<string, unknown>[];
  series: BarSeries[];
  /** Tick font size and spacing of the x axis (its labels are `data[].label`). */
  xTick?: { fontSize: number; interval?: number };
  tooltip?: Omit<ComponentProps<typeof Tooltip>, "cursor" | "contentStyle">;
  legend?: Omit<ComponentProps<typeof Legend>, "wrapperStyle" | "ref">;
  caption: ReactNode;
  /** The same figures for screen readers: a caption, the column headings and the rows. */
  table: { caption: string; columns: string[]; rows: { key: string; cells: ReactNode[] }[] };
};

/** The portal's bar charts of scans: the chart is hidden from screen readers, which get a table instead. */
export function ScanBarChart({ data, series, xTick = { fontSize: 12 }, tooltip, legend, caption, table }: Props) {
  return (
    <figure>
      <div className="h-56 w-full overflow-hidden" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.15} />
            <XAxis
              dataKey="label"
              tickLine={false}
              axisLine={false}
              tick={{ fill: "currentColor", fontSize: xTick.fontSize }}
              interval={xTick.interval}
            />
            <YAxis
              allowDecimals={false}
              tickLine={false}
              axisLine={false}
              tick={{ fill: "currentColor", fontSize: 12 }}
            />
            <Tooltip
              cursor={{ fillOpacity: 0.08 }}
              contentStyle={{ backgroundColor: "#fff", borderColor: "#cbd5e1", color: "#0f172a" }}
              {...tooltip}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} {...legend} />
            {series.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.name}
                stackId={s.stackId}
                fill={s.fill}
                radius={s.radius}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 text-sm text-slate-600 dark:text-slate-400">{caption}</figcaption>
      {/* sr-only on a wrapper, not the table: Firefox lays a caption outside the table's own clip. */}
      <div className="sr-only">
        <table>
          <caption>{table.caption}</caption>
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r) => (
              <tr key={r.key}>
                {r.cells.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place in its row is its identity
                  <td key={i}>{c}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
