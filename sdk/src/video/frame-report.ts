// What tensorFromVideo did with each decoded frame (its onFrame option, the CLI's --verbose):
// enough for a support engineer to see which frames a scan used and why it left the others.
import type { UnusableReason } from "../web/frame-judge.js";

export type VideoFrameReport = {
  /** The frame's place in decoding order, from 0. */
  index: number;
  /** Its presentation time in the file, ms (ffmpeg's pts_time). */
  timeMs: number;
  /** Sampled as skin into the capture; a frame that is not is stored masked, or left out. */
  usable: boolean;
  /**
   * Why not: the face rules (no-face, too-dark, moving, not-skin), `repeated-time` (a time not
   * after the previous frame's: left out), or `after-end` (decoded past the capture's end:
   * the duration reached, or too few usable seconds left to reach the need).
   */
  reason?: UnusableReason | "repeated-time" | "after-end";
};

/** One line of the verbose report: `frame 12 0.400 s usable`, `frame 13 0.433 s not usable: no-face`. */
export function frameReportLine(f: VideoFrameReport): string {
  return `frame ${f.index} ${(f.timeMs / 1000).toFixed(3)} s ${f.usable ? "usable" : `not usable: ${f.reason}`}`;
}
