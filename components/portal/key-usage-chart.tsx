"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

type KeyUsage = { keys: { id: string; name: string; prefix: string }[]; points: Record<string, string | number>[] };

const COLOURS = ["#4f46e5", "#0891b2", "#c026d3", "#65a30d", "#ea580c", "#475569", "#be123c", "#0d9488", "#7c3aed", "#ca8a04"];

/** Live scans per key per UTC day, last 30 days, stacked; the same figures as a table for screen readers. */
export function KeyUsageChart({ usage }: { usage: KeyUsage }) {
  const data = usage.points.map((p) => ({ ...p, label: String(p.day).slice(5) }));
  if (usage.keys.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">No live scans in the last 30 days.</p>;
  }
  return (
    <figure>
      <div className="h-56 w-full overflow-hidden" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.15} />
            <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: "currentColor", fontSize: 11 }} interval={4} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={{ fill: "currentColor", fontSize: 12 }} />
            <Tooltip cursor={{ fillOpacity: 0.08 }} contentStyle={{ backgroundColor: "#fff", borderColor: "#cbd5e1", color: "#0f172a" }} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {usage.keys.map((k, i) => (
              <Bar key={k.id} dataKey={k.id} name={`${k.name} (${k.prefix}…)`} stackId="scans" fill={COLOURS[i % COLOURS.length]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 text-sm text-slate-600 dark:text-slate-400">Live scans per key per UTC day.</figcaption>
      <table className="sr-only">
        <caption>Live scans per key per day, last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {usage.keys.map((k) => (
              <th key={k.id} scope="col">
                {k.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {usage.points.map((p) => (
            <tr key={String(p.day)}>
              <td>{p.day}</td>
              {usage.keys.map((k) => (
                <td key={k.id}>{p[k.id]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
