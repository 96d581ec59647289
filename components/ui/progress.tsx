/** A labelled progress bar (used / limit). */
export function Progress({ value, max, label }: { value: number; max: number; label: string }) {
  // Any use at all shows a sliver, so 1 of 500 does not look like none.
  const pct = max > 0 ? Math.min(100, Math.max(value > 0 ? 1 : 0, Math.round((value / max) * 100))) : 0;
  const tone = pct >= 90 ? "bg-red-600" : pct >= 75 ? "bg-amber-500" : "bg-indigo-600";
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={`${value.toLocaleString("en-US")} of ${max.toLocaleString("en-US")}`}
      className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
    >
      <div className={`h-full rounded-full ${tone}`} style={{ width: `${pct}%` }} />
    </div>
  );
}
