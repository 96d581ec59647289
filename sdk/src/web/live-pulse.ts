// The provisional live pulse (docs/sdk.md, "Live pulse"): while the capture runs, the skin's
// mean colour of each usable frame goes into a sliding window, and twice a second (of capture
// time) the window's pulse wave and rate are worked out on the device (pulse-dsp.ts) for the
// page to show as a sign that the capture works. Provisional by design: the vitals the service
// answers are the measurement. Fed per frame by the camera's and the file's loops alike.
import type { PulseReading } from "./events.js";
import { bandPass, pos, type Rgb, spectralRate, uniformRgb } from "./pulse-dsp.js";

/** Rate of the uniform grid the window is put on (and of the event's waveform). */
export const PULSE_SAMPLE_RATE = 30;
/** Seconds of steady signal in a row before the first event. */
export const WARM_UP_S = 5;
/** Seconds the rate is worked out over (the latest). */
export const ANALYSIS_S = 10;
/** Seconds of waveform an event carries. */
export const WAVEFORM_S = 6;
/** Seconds of capture time between events. */
export const EMIT_EVERY_S = 0.5;
/** A hole in the usable frames longer than this starts the window again. */
export const MAX_GAP_S = 0.5;
/** Seconds of steady signal in a row before an event carries a rate (5 s of spectrum is too coarse). */
export const RATE_AFTER_S = 8;
/**
 * Below this quality (pulse-dsp.ts, spectralRate) the event carries no rate: noise alone
 * reaches it in about 1 reading in 700 (live-pulse.test.ts).
 */
export const MIN_QUALITY = 0.7;

export class LivePulse {
  #times: number[] = [];
  #colours: Rgb[] = [];
  #first?: number;
  #lastEvent = Number.NEGATIVE_INFINITY;
  /** Whether the page was last given a waveform (so it is told once when the signal is lost). */
  #showing = false;

  /**
   * One frame, at `t` ms of the capture's clock: its skin colour, or undefined for a frame that
   * does not count (no face, too dark, moving). Answers the event due at this frame, if any.
   */
  frame(t: number, rgb: Rgb | undefined): PulseReading | undefined {
    this.#first ??= t;
    const last = this.#times[this.#times.length - 1];
    if (last !== undefined && t - last > MAX_GAP_S * 1000) {
      this.#times = [];
      this.#colours = [];
    }
    if (rgb && (last === undefined || t > last)) {
      this.#times.push(t);
      this.#colours.push(rgb);
      this.#trim(t);
    }
    if (t - this.#lastEvent < EMIT_EVERY_S * 1000) return undefined;
    const span = this.#times.length ? (this.#times[this.#times.length - 1]! - this.#times[0]!) / 1000 : 0;
    const elapsedSeconds = round((t - this.#first) / 1000, 2);
    if (span >= WARM_UP_S) {
      this.#lastEvent = t;
      this.#showing = true;
      return { ...analyse(this.#times, this.#colours), elapsedSeconds };
    }
    if (!this.#showing) return undefined;
    this.#lastEvent = t;
    this.#showing = false;
    return { ...EMPTY, elapsedSeconds };
  }

  /** Keeps what the next analysis needs (and one sample before it, to interpolate from). */
  #trim(t: number) {
    const from = t - (ANALYSIS_S + 1) * 1000;
    let drop = 0;
    while (drop < this.#times.length && this.#times[drop]! < from) drop++;
    // In batches: a shift per frame would move the whole window every frame.
    if (drop > 64) {
      this.#times.splice(0, drop);
      this.#colours.splice(0, drop);
    }
  }
}

const EMPTY: Omit<PulseReading, "elapsedSeconds"> = {
  provisional: true,
  waveform: [],
  sampleRate: PULSE_SAMPLE_RATE,
  heartRate: null,
  quality: 0,
  seconds: 0,
};

/** The waveform and rate of the last ANALYSIS_S seconds of (times, colours). */
export function analyse(times: readonly number[], colours: readonly Rgb[]): Omit<PulseReading, "elapsedSeconds"> {
  const to = times[times.length - 1]!;
  const from = Math.max(times[0]!, to - ANALYSIS_S * 1000);
  const [r, g, b] = uniformRgb(times, colours, from, to, PULSE_SAMPLE_RATE);
  const wave = bandPass(pos(r, g, b, PULSE_SAMPLE_RATE), PULSE_SAMPLE_RATE);
  const { bpm, quality } = spectralRate(wave, PULSE_SAMPLE_RATE);
  const seconds = r.length / PULSE_SAMPLE_RATE;
  const shown = wave.subarray(Math.max(0, wave.length - Math.round(WAVEFORM_S * PULSE_SAMPLE_RATE)));
  let peak = 0;
  for (const v of shown) peak = Math.max(peak, Math.abs(v));
  return {
    provisional: true,
    waveform: Array.from(shown, (v) => (peak > 0 ? round(v / peak, 3) : 0)),
    sampleRate: PULSE_SAMPLE_RATE,
    heartRate: quality >= MIN_QUALITY && seconds >= RATE_AFTER_S ? round(bpm, 1) : null,
    quality: round(quality, 2),
    seconds: round(seconds, 2),
  };
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
