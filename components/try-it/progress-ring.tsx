// The capture's progress as a ring over the preview: elapsed against the capture's length,
// with the seconds of usable signal (what the scan actually needs) in words.

export function ProgressRing({
  elapsed,
  duration,
  usable,
  needed,
}: {
  elapsed: number;
  duration: number;
  usable: number;
  needed: number;
}) {
  const share = duration > 0 ? Math.min(1, elapsed / duration) : 0;
  const r = 44;
  const circumference = 2 * Math.PI * r;
  return (
    <div
      role="progressbar"
      aria-label="Capture progress"
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(elapsed)}
      aria-valuetext={`${Math.round(elapsed)} of ${Math.round(duration)} seconds; ${usable.toFixed(0)} of ${needed.toFixed(0)} seconds of usable signal`}
      className="relative size-24 rounded-full bg-slate-950/70 text-white sm:size-28"
      data-testid="progress-ring"
    >
      <svg viewBox="0 0 100 100" className="size-full -rotate-90" aria-hidden="true">
        <circle cx="50" cy="50" r={r} fill="none" stroke="currentColor" strokeOpacity={0.25} strokeWidth={8} />
        <circle
          cx="50"
          cy="50"
          r={r}
          fill="none"
          stroke="rgb(129 140 248)"
          strokeWidth={8}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - share)}
        />
      </svg>
      <span className="absolute inset-0 flex flex-col items-center justify-center text-center leading-tight">
        <span className="text-xl font-semibold tabular-nums">{Math.round(elapsed)} s</span>
        <span className="text-[11px]">of {Math.round(duration)} s</span>
      </span>
    </div>
  );
}
