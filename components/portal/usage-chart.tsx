"use client";

import { ScanBarChart } from "./scan-bar-chart";

type Point = { month: string; scan_count: number };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const label = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`; // "Jun 2026", not a day

/**
 * Monthly live scans and, as their own series, scans from the Try it page (not charged to the
 * quota), oldest first; the same figures as a table for screen readers.
 */
export function UsageChart({ history, tryIt }: { history: Point[]; tryIt: Point[] }) {
  const tryItByMonth = new Map(tryIt.map((p) => [p.month, p.scan_count]));
  const data = history.map((p) => ({ ...p, try_it: tryItByMonth.get(p.month) ?? 0, label: label(p.month) }));
  const empty = data.every((p) => p.scan_count === 0 && p.try_it === 0);
  return (
    <ScanBarChart
      data={data}
      series={[
        { key: "scan_count", name: "Live scans", fill: "#4f46e5", radius: [4, 4, 0, 0] },
        { key: "try_it", name: "Try it scans", fill: "#0f766e", radius: [4, 4, 0, 0] },
      ]}
      tooltip={{
        formatter: (v, name) => [Number(v).toLocaleString("en-US"), name],
        labelStyle: { color: "#0f172a" },
        itemStyle: { color: "#0f172a" },
      }}
      // Legend text in the page's colour: the bar colours are too light for small text.
      legend={{ formatter: (value) => <span className="text-slate-700 dark:text-slate-300">{value}</span> }}
      caption={
        empty
          ? "No live scans yet. Sandbox scans with a test key are not counted here."
          : "Live scans and Try it scans (not charged to the quota) per UTC month."
      }
      table={{
        caption: "Scans per month",
        columns: ["Month", "Live scans", "Try it scans"],
        rows: data.map((p) => ({ key: p.month, cells: [p.month, p.scan_count, p.try_it] })),
      }}
    />
  );
}
