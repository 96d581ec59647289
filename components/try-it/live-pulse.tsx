"use client";

import { memo, useEffect, useRef, useState } from "react";
import { PULSE_VIEW, provisionalRate, pulseAnnouncement, pulsePoints, rateLabel } from "./pulse-view";
import type { Pulse } from "./use-vitals-scan";

/**
 * The SDK's provisional live pulse under the preview while capturing: the latest seconds of
 * the pulse wave and a rate worked out on this device, a sign that the capture works. Kept
 * plain and small on purpose: the service's result, shown afterwards, is the measurement.
 * Re-renders only when a reading arrives (twice a second), not with the progress.
 */
export const LivePulse = memo(function LivePulse({ pulse }: { pulse: Pulse | null }) {
  const rate = provisionalRate(pulse);
  const points = pulsePoints(pulse?.waveform ?? []);
  const [spoken, setSpoken] = useState("");
  const spokenAt = useRef<number | null>(null);
  // Checked at each reading: a rate that changed is said once the last words are a few seconds old.
  useEffect(() => {
    if (!pulse) return;
    const now = performance.now();
    const text = pulseAnnouncement(rate, now, spokenAt.current);
    if (text === null || text === spoken) return;
    spokenAt.current = now;
    setSpoken(text);
  }, [pulse, rate, spoken]);

  const seconds = pulse?.waveform.length ? Math.round(pulse.waveform.length / pulse.sampleRate) : 0;
  const label = points
    ? `Provisional pulse wave, last ${seconds} seconds`
    : "Provisional pulse wave, waiting for a few seconds of steady face";
  return (
    <section
      aria-label="Provisional live pulse"
      className="mx-auto mt-3 w-full max-w-xl rounded-md border border-dashed border-slate-300 px-3 py-2 dark:border-slate-700"
      data-testid="live-pulse"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-slate-600 dark:text-slate-400">
        <span>
          Live pulse <span className="italic">(provisional)</span>
        </span>
        {/* Screen readers hear the rate from the live region below, at most every few seconds. */}
        <span aria-hidden="true" className="tabular-nums" data-testid="live-pulse-rate">
          {rateLabel(pulse)}
        </span>
      </div>
      <svg
        viewBox={`0 0 ${PULSE_VIEW.width} ${PULSE_VIEW.height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
        className="mt-1 h-10 w-full text-rose-600 dark:text-rose-400"
        data-testid="live-pulse-waveform"
      >
        {points ? (
          <polyline
            points={points}
            fill="none"
            stroke="currentColor"
            strokeWidth={1.5}
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        ) : (
          <line
            x1={0}
            x2={PULSE_VIEW.width}
            y1={PULSE_VIEW.height / 2}
            y2={PULSE_VIEW.height / 2}
            stroke="currentColor"
            strokeOpacity={0.3}
            strokeDasharray="4 4"
            vectorEffect="non-scaling-stroke"
          />
        )}
      </svg>
      <p className="text-[11px] leading-snug text-slate-600 dark:text-slate-400">
        Estimated on this device while capturing. Your result comes from the service when the scan is done.
      </p>
      <p className="sr-only" aria-live="polite" data-testid="live-pulse-announcement">
        {spoken}
      </p>
    </section>
  );
});
