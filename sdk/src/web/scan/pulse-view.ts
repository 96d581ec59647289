// How <vitals-scan> draws and words the SDK's provisional live pulse (live-pulse-view.ts).
import type { PulseReading } from "../events.js";
import { EN, type ScanTexts } from "./texts.js";

/** The waveform's SVG viewBox. */
export const PULSE_VIEW = { width: 300, height: 48 } as const;
/** The polite live region says the provisional rate at most this often. */
export const ANNOUNCE_EVERY_MS = 6000;

/** Polyline points of a waveform in -1..1 (oldest first), left to right across PULSE_VIEW. */
export function pulsePoints(waveform: readonly number[]): string {
  if (waveform.length < 2) return "";
  const { width, height } = PULSE_VIEW;
  const mid = height / 2,
    reach = mid - 3;
  return waveform
    .map(
      (v, i) =>
        `${((i / (waveform.length - 1)) * width).toFixed(1)},${(mid - Math.max(-1, Math.min(1, v)) * reach).toFixed(1)}`,
    )
    .join(" ");
}

/** Seconds of signal before the SDK's readings carry a rate (docs/sdk.md, "Live pulse"). */
const RATE_AFTER_S = 8;

/** The line beside the wave: the rate, or why there is none yet. */
export function rateLabel(pulse: PulseReading | null, t: ScanTexts = EN): string {
  const rate = provisionalRate(pulse);
  if (rate !== null) return t.rateAbout(rate);
  if (!pulse?.waveform.length) return t.rateNeedsFace;
  return pulse.seconds < RATE_AFTER_S ? t.rateSoon : t.rateWeak;
}

/** The provisional rate as shown, whole bpm; null when there is none to show. */
export function provisionalRate(pulse: PulseReading | null): number | null {
  return pulse?.heartRate == null ? null : Math.round(pulse.heartRate);
}

/**
 * What the polite live region says next, or null to leave it as it is: the provisional rate,
 * once it is known and then at most every ANNOUNCE_EVERY_MS (`lastAt`: when it last spoke, ms).
 */
export function pulseAnnouncement(
  rate: number | null,
  now: number,
  lastAt: number | null,
  t: ScanTexts = EN,
): string | null {
  if (rate === null || (lastAt !== null && now - lastAt < ANNOUNCE_EVERY_MS)) return null;
  return t.rateSpoken(rate);
}
