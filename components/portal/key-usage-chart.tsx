"use client";

import { ScanBarChart } from "./scan-bar-chart";

type KeyUsage = { keys: { id: string; name: string; prefix: string }[]; points: Record<string, string | number>[] };

const COLOURS = [
  "#4f46e5",
  "#0891b2",
  "#c026d3",
  "#65a30d",
  "#ea580c",
  "#475569",
  "#be123c",
  "#0d9488",
  "#7c3aed",
  "#ca8a04",
];

/** Live scans per key per UTC day, last 30 days, stacked; the same figures as a table for screen readers. */
export function KeyUsageChart({ usage }: { usage: KeyUsage }) {
  if (usage.keys.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">No live scans in the last 30 days.</p>;
  }
  return (
    <ScanBarChart
      data={usage.points.map((p) => ({ ...p, label: String(p.day).slice(5) }))}
      series={usage.keys.map((k, i) => ({
        key: k.id,
        name: `${k.name} (${k.prefix}…)`,
        stackId: "scans",
        fill: COLOURS[i % COLOURS.length],
      }))}
      xTick={{ fontSize: 11, interval: 4 }}
      caption="Live scans per key per UTC day."
      table={{
        caption: "Live scans per key per day, last 30 days",
        columns: ["Day", ...usage.keys.map((k) => k.name)],
        rows: usage.points.map((p) => ({ key: String(p.day), cells: [p.day, ...usage.keys.map((k) => p[k.id])] })),
      }}
    />
  );
}
