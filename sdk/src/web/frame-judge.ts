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

export type FeedbackChange =
  | { type: "face"; event: CaptureEvents["face"] }
  | { type: "lighting"; event: CaptureEvents["lighting"] }
  | { type: "motion"; event: CaptureEvents["motion"] };

export class FrameJudge {
  #face = false;
  #dark = false;
  #moving = false;

  /** Usable: a face in view, light enough, still enough and mostly skin. Changes: since the last frame. */
  judge(look: FrameLook): { usable: boolean; changes: FeedbackChange[] } {
    const changes: FeedbackChange[] = [];
    if (look.face !== this.#face) {
      this.#face = look.face;
      changes.push({ type: "face", event: { found: look.face } });
    }
    if (!look.face) return { usable: false, changes };
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
    return { usable: !dark && !moving && look.skinFraction >= MIN_SKIN, changes };
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
