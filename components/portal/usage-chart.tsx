"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

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
    <figure>
      <div className="h-56 w-full overflow-hidden" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.15} />
            <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: "currentColor", fontSize: 12 }} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={{ fill: "currentColor", fontSize: 12 }} />
            <Tooltip
              cursor={{ fillOpacity: 0.08 }}
              formatter={(v, name) => [Number(v).toLocaleString("en-US"), name]}
              contentStyle={{ backgroundColor: "#fff", borderColor: "#cbd5e1", color: "#0f172a" }}
              labelStyle={{ color: "#0f172a" }}
              itemStyle={{ color: "#0f172a" }}
            />
            {/* Legend text in the page's colour: the bar colours are too light for small text. */}
            <Legend wrapperStyle={{ fontSize: 12 }} formatter={(value) => <span className="text-slate-700 dark:text-slate-300">{value}</span>} />
            <Bar dataKey="scan_count" name="Live scans" fill="#4f46e5" radius={[4, 4, 0, 0]} isAnimationActive={false} />
            <Bar dataKey="try_it" name="Try it scans" fill="#0f766e" radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {empty
          ? "No live scans yet. Sandbox scans with a test key are not counted here."
          : "Live scans and Try it scans (not charged to the quota) per UTC month."}
      </figcaption>
      <table className="sr-only">
        <caption>Scans per month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Live scans</th>
            <th scope="col">Try it scans</th>
          </tr>
        </thead>
        <tbody>
          {data.map((p) => (
            <tr key={p.month}>
              <td>{p.month}</td>
              <td>{p.scan_count}</td>
              <td>{p.try_it}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
