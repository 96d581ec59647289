// The feedback a page renders while capturing (docs/sdk.md, Events).
import type { Result, WithMeta } from "../types.js";
import type { CaptureError } from "./errors.js";
import type { RegionLayout } from "./face-regions.js";

export type CaptureStage = "loading-model" | "capturing" | "encoding" | "uploading" | "analysing";

export type CaptureEvents = {
  stage: { stage: CaptureStage };
  /** A face came into view or was lost. */
  face: { found: boolean };
  /**
   * Each time the landmarks refresh: the four regions (forehead, left cheek, right cheek, whole
   * face; box in video pixels, 72x72 mask of the pixels inside) in a video of width x height,
   * for a page that draws them over its preview. The whole-face box is the face box.
   */
  regions: { width: number; height: number; regions: RegionLayout[] };
  /** The face is too dark to measure (or light enough again); `level` is its mean luma 0..255. */
  lighting: { tooDark: boolean; level: number };
  /** The head moves too much to measure (or is still enough again). */
  motion: { tooMuch: boolean };
  /**
   * A camera capture keeps fewer than 15 frames a second (half the camera's own rate when it
   * is under 30), or keeps up again past 4/3 of that: the device is too busy or too slow;
   * `fps` is the rate kept over the last 2 s.
   */
  pace: { tooSlow: boolean; fps: number };
  /** A few times a second: seconds of usable signal so far against what the scan needs. */
  progress: { usableSeconds: number; neededSeconds: number; elapsedSeconds: number; durationSeconds: number };
  /**
   * Provisional, twice a second while capturing once 5 s of steady face are in: the last
   * seconds of a pulse wave and a heart rate worked out on the device (docs/sdk.md, "Live
   * pulse"), for a page to show that the capture works. Not the measurement: the vitals the
   * service answers are. An event with an empty waveform says the signal was lost.
   */
  pulse: PulseReading;
  /** The tensor about to be uploaded, and the capture timestamps (ms) it was resampled from. */
  encoded: { tensor: Uint8Array; fps: number; frameCount: number; timestamps: number[] };
  done: { result: WithMeta<Result> };
  error: { error: CaptureError | Error };
};

/** The `pulse` event: a provisional reading made on the device while capturing. */
export type PulseReading = {
  /** Always true: a reading for feedback, never the scan's result. */
  provisional: true;
  /**
   * The latest seconds (up to 6) of the pulse wave, oldest first, `sampleRate` samples a
   * second, scaled to -1..1 with more blood up (a beat's peak points up). Empty when the signal
   * was lost (no face, too dark, moving) until 5 s of steady signal are in again.
   */
  waveform: number[];
  /** Samples per second of `waveform`. */
  sampleRate: number;
  /**
   * Heart rate (bpm, one decimal) from the spectral peak of the latest 8-10 s; null before 8 s
   * of steady signal and while `quality` is under 0.7.
   */
  heartRate: number | null;
  /** 0..1: the share of the pulse band's power at that peak and its harmonic: ~0.9 for a clean pulse, 0.3-0.5 for noise. */
  quality: number;
  /** Seconds of signal the reading was worked out from (5 to 10). */
  seconds: number;
  /** Seconds since the capture's first frame, on the capture's clock. */
  elapsedSeconds: number;
};

export type Listener<K extends keyof CaptureEvents> = (event: CaptureEvents[K]) => void;

/** A tiny typed emitter: `on` returns the function that unsubscribes (handy in React effects). */
export class Emitter {
  readonly #listeners = new Map<keyof CaptureEvents, Set<(e: never) => void>>();

  on<K extends keyof CaptureEvents>(type: K, listener: Listener<K>): () => void {
    let set = this.#listeners.get(type);
    if (!set) {
      set = new Set();
      this.#listeners.set(type, set);
    }
    set.add(listener as (e: never) => void);
    return () => set.delete(listener as (e: never) => void);
  }

  emit<K extends keyof CaptureEvents>(type: K, event: CaptureEvents[K]): void {
    for (const listener of this.#listeners.get(type) ?? []) {
      try {
        (listener as Listener<K>)(event);
      } catch (err) {
        // A page's rendering bug must not end the capture.
        console.error(err);
      }
    }
  }
}
