// Whether a frame counts toward the scan, and which feedback changed with it. One place for
// the rules the page's events report (docs/sdk.md, Events).
import type { CaptureEvents } from "./events.js";

/** Mean luma of the face under which the pulse drowns in sensor noise. */
export const TOO_DARK_LUMA = 50;
/** Face-widths per second of head movement past which regions smear across skin edges. */
export const TOO_FAST = 0.5;
/** Share of the face region that must look like skin (a hand or a mask over it fails). */
export const MIN_SKIN = 0.25;

export type FrameLook = { face: false } | { face: true; faceLuma: number; skinFraction: number; speed: number };

/** Why a frame does not count: no face found, too dark, moving too fast, too little skin. */
export type UnusableReason = "no-face" | "too-dark" | "moving" | "not-skin";

/**
 * Frames a second kept under which the device is too slow for a 30 fps camera (half its
 * frames lost); for a slower camera (many drop to 15 in dim light), half of its own rate.
 */
export const SLOW_FPS = 15;
/** Past 4/3 of that the device keeps up again (apart, so a rate near it does not flicker). */
const RECOVERED_RATIO = 4 / 3;
/** The span the rate is measured over. */
const PACE_WINDOW_MS = 2000;

export type FeedbackChange =
  | { type: "face"; event: CaptureEvents["face"] }
  | { type: "lighting"; event: CaptureEvents["lighting"] }
  | { type: "motion"; event: CaptureEvents["motion"] };

export class FrameJudge {
  #face = false;
  #dark = false;
  #moving = false;

  /**
   * Usable: a face in view, light enough, still enough and mostly skin (`why` names the first
   * rule a frame breaks). Changes: since the last frame.
   */
  judge(look: FrameLook): { usable: boolean; why?: UnusableReason; changes: FeedbackChange[] } {
    const changes: FeedbackChange[] = [];
    if (look.face !== this.#face) {
      this.#face = look.face;
      changes.push({ type: "face", event: { found: look.face } });
    }
    if (!look.face) return { usable: false, why: "no-face", changes };
    const dark = look.faceLuma < TOO_DARK_LUMA;
    if (dark !== this.#dark) {
      this.#dark = dark;
      changes.push({ type: "lighting", event: { tooDark: dark, level: Math.round(look.faceLuma) } });
    }
    const moving = look.speed > TOO_FAST;
    if (moving !== this.#moving) {
      this.#moving = moving;
      changes.push({ type: "motion", event: { tooMuch: moving } });
    }
    const why = dark ? "too-dark" : moving ? "moving" : look.skinFraction < MIN_SKIN ? "not-skin" : undefined;
    return { usable: !why, why, changes };
  }
}

/**
 * Whether the device keeps up with the camera: the frames a second the capture kept over the
 * last 2 s. A busy or slow device presents fewer frames (the rest are lost before the SDK
 * sees them); the scan goes on with those it has, and the page can say why it may take longer
 * or end with too little signal.
 */
export class FramePace {
  #times: number[] = [];
  #first: number | undefined;
  #slow = false;
  readonly slowBelow: number;
  readonly recoveredAbove: number;

  /** `cameraFps`: the rate the camera says it delivers (its track's settings), 30 if unknown. */
  constructor(cameraFps = 30) {
    this.slowBelow = Math.min(SLOW_FPS, cameraFps / 2);
    this.recoveredAbove = this.slowBelow * RECOVERED_RATIO;
  }

  /** A frame kept at `t` (ms): the `pace` event when the device fell behind or caught up. */
  frame(t: number): CaptureEvents["pace"] | undefined {
    this.#first ??= t;
    this.#times.push(t);
    while (this.#times[0]! < t - PACE_WINDOW_MS) this.#times.shift();
    if (t - this.#first < PACE_WINDOW_MS) return undefined;
    // Frames over the window, counting the gap back to its start: a stall reads as a low rate.
    const fps = ((this.#times.length - 1) * 1000) / PACE_WINDOW_MS;
    const slow = this.#slow ? fps < this.recoveredAbove : fps < this.slowBelow;
    if (slow === this.#slow) return undefined;
    this.#slow = slow;
    return { tooSlow: slow, fps: Math.round(fps * 10) / 10 };
  }
}

/**
 * The capture ends after durationSeconds, or as soon as the usable seconds cannot reach
 * minUsableSeconds even if every remaining frame were usable (no point making the user wait).
 */
export function captureOver(
  elapsedSeconds: number,
  usableSeconds: number,
  opts: { durationSeconds: number; minUsableSeconds: number },
): boolean {
  const remaining = opts.durationSeconds - elapsedSeconds;
  return remaining <= 0 || usableSeconds + remaining < opts.minUsableSeconds;
}

// A scan needs 5 s of usable face (a tensor's shortest), and the first moments of a capture go
// to finding the face: a capture no longer than the signal it needs could never succeed.
const MIN_USABLE_S = 5;
const FIND_FACE_S = 1;

/** The capture's length and the usable seconds it needs (docs/sdk.md, "new VitalsCapture"). */
export function captureLengths(o: { durationSeconds?: number; minUsableSeconds?: number }): {
  durationSeconds: number;
  minUsableSeconds: number;
} {
  const durationSeconds = o.durationSeconds ?? 20;
  const shortest = MIN_USABLE_S + FIND_FACE_S;
  if (!(durationSeconds >= shortest && durationSeconds <= 120))
    throw new RangeError(
      `durationSeconds ${durationSeconds}: must be ${shortest} to 120 (a scan needs ${MIN_USABLE_S} s of usable face, and finding the face takes a moment)`,
    );
  const longest = durationSeconds - FIND_FACE_S;
  const minUsableSeconds = neededSeconds(o.minUsableSeconds, durationSeconds);
  if (!(minUsableSeconds >= MIN_USABLE_S && minUsableSeconds <= longest))
    throw new RangeError(
      `minUsableSeconds ${minUsableSeconds}: must be ${MIN_USABLE_S} to ${longest} (durationSeconds less ${FIND_FACE_S} s to find the face)`,
    );
  return { durationSeconds, minUsableSeconds };
}

/**
 * The usable seconds a capture of `seconds` needs: the caller's figure, or by default 60 % of
 * it and at least 5 (so a video file shorter than durationSeconds needs less).
 */
export function neededSeconds(callerSet: number | undefined, seconds: number): number {
  return callerSet ?? Math.max(MIN_USABLE_S, 0.6 * seconds);
}
