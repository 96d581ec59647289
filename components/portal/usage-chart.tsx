"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

type Point = { month: string; scan_count: number };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const label = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`; // "Jun 2026", not a day

/** Monthly live scans, oldest first; the same figures as a table for screen readers. */
export function UsageChart({ history }: { history: Point[] }) {
  const data = history.map((p) => ({ ...p, label: label(p.month) }));
  const empty = data.every((p) => p.scan_count === 0);
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
              formatter={(v) => [Number(v).toLocaleString("en-US"), "Scans"]}
              contentStyle={{ backgroundColor: "#fff", borderColor: "#cbd5e1", color: "#0f172a" }}
              labelStyle={{ color: "#0f172a" }}
              itemStyle={{ color: "#3730a3" }}
            />
            <Bar dataKey="scan_count" name="Scans" fill="#4f46e5" radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {empty ? "No live scans yet. Sandbox scans with a test key are not counted here." : "Live scans per UTC month."}
      </figcaption>
      <table className="sr-only">
        <caption>Scans per month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Scans</th>
          </tr>
        </thead>
        <tbody>
          {history.map((p) => (
            <tr key={p.month}>
              <td>{p.month}</td>
              <td>{p.scan_count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
