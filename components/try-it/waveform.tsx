// The pulse waveform, when the service returns one with the result (it is optional: the page
// renders it only if present). Accepts an array of samples, or { samples | values, fps }.

export type Waveform = { samples: number[]; fps?: number };

export function readWaveform(result: unknown): Waveform | null {
  const w = (result as { waveform?: unknown } | null)?.waveform;
  const samples = Array.isArray(w)
    ? w
    : ((w as { samples?: unknown; values?: unknown })?.samples ?? (w as { values?: unknown })?.values);
  if (
    !Array.isArray(samples) ||
    samples.length < 2 ||
    !samples.every((v) => typeof v === "number" && Number.isFinite(v))
  )
    return null;
  const fps = (w as { fps?: unknown })?.fps;
  return { samples: samples as number[], fps: typeof fps === "number" ? fps : undefined };
}

export function WaveformChart({ waveform }: { waveform: Waveform }) {
  const { samples } = waveform;
  const min = Math.min(...samples);
  const span = Math.max(...samples) - min || 1;
  const points = samples
    .map((v, i) => `${((i / (samples.length - 1)) * 300).toFixed(1)},${(56 - ((v - min) / span) * 52).toFixed(1)}`)
    .join(" ");
  const seconds = waveform.fps ? ` over ${(samples.length / waveform.fps).toFixed(0)} s` : "";
  return (
    <figure className="mt-4" data-testid="waveform">
      <svg
        viewBox="0 0 300 60"
        preserveAspectRatio="none"
        className="h-16 w-full text-indigo-600 dark:text-indigo-300"
        role="img"
        aria-label={`Pulse waveform${seconds}`}
      >
        <polyline
          points={points}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption className="mt-1 text-xs text-slate-600 dark:text-slate-400">Pulse waveform{seconds}.</figcaption>
    </figure>
  );
}
