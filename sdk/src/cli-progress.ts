// The CLI's progress through a video's frames (face tracking is most of a video scan's time),
// on stderr: on a terminal, one line redrawn in place with a bar, the frames done and the time
// left; in a log or a pipe, where a redrawn line would be noise, a plain line every 10 %.

export type FrameCount = {
  done: number;
  /** Frames expected: the seconds used at the video's frame rate (an estimate for a variable rate). */
  total: number;
  /** Since the first frame. */
  elapsedMs: number;
};

export type ProgressStyle = "bar" | "lines" | "none";

/**
 * A bar only on a terminal. `--quiet` shows nothing; `--verbose` prints a line per frame, which
 * a bar redrawn in place would tear, so it gets the plain lines.
 */
export function progressStyle(o: { stderrIsTTY: boolean; quiet: boolean; verbose: boolean }): ProgressStyle {
  if (o.quiet) return "none";
  return o.stderrIsTTY && !o.verbose ? "bar" : "lines";
}

/** Seconds left at the pace so far; undefined until there is a pace to go by (half a second of frames). */
export function secondsLeft(p: FrameCount): number | undefined {
  if (p.done < 1 || p.elapsedMs < 500) return undefined;
  return Math.max(0, ((p.total - p.done) * p.elapsedMs) / p.done / 1000);
}

/** `42 s`, `1 min 05 s`. */
export function formatDuration(seconds: number): string {
  const s = Math.ceil(seconds);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
}

function counts(p: FrameCount) {
  const total = Math.max(p.total, p.done, 1);
  const percent = Math.floor((100 * Math.min(p.done, total)) / total);
  const left = p.done >= total ? "done" : secondsLeft(p);
  const eta =
    left === "done" ? "done" : left === undefined ? "estimating the time left" : `about ${formatDuration(left)} left`;
  return { total, percent, eta, frames: `${p.done}/${total} frames` };
}

/** The longest time-left text ("estimating the time left", "about 59 min 59 s left"). */
const ETA_WIDTH = 24;

/** A plain progress line: `tracking the face: 212/600 frames (35 %), about 9 s left`. */
export function progressLine(p: FrameCount): string {
  const c = counts(p);
  return `tracking the face: ${c.frames} (${c.percent} %), ${c.eta}`;
}

/**
 * The terminal's line, fitted to `columns` (a line that wraps cannot be redrawn in place):
 * `tracking the face [#######-------------] 212/600 frames 35 % about 9 s left`.
 */
export function progressBar(p: FrameCount, columns = 80): string {
  const c = counts(p);
  // Fixed widths, so the bar keeps its length from one redraw to the next.
  const frames = `${String(Math.min(p.done, c.total)).padStart(String(c.total).length)}/${c.total} frames`;
  const text = ` ${frames} ${String(c.percent).padStart(3)} % ${c.eta.padEnd(ETA_WIDTH)}`;
  const label = "tracking the face ";
  const width = Math.min(40, columns - 1 - label.length - 2 - text.length);
  if (width < 10) return `${c.frames} ${c.percent} % ${c.eta}`.slice(0, Math.max(0, columns - 1));
  const filled = Math.round((width * c.percent) / 100);
  return `${label}[${"#".repeat(filled)}${"-".repeat(width - filled)}]${text}`;
}

export type FrameProgressOptions = {
  style: ProgressStyle;
  total: number;
  write: (text: string) => void;
  columns?: number;
  /** Injected for tests; performance.now by default. */
  now?: () => number;
};

/** Redraws of the terminal line at most this often (a 30 fps video runs faster than it plays). */
const REDRAW_MS = 100;

/**
 * Counts frames as they are tracked. `frame(true)` for a frame past the capture's end: the
 * capture is over, so the rest is counted done. `end()` finishes the terminal's line.
 */
export function frameProgress(o: FrameProgressOptions) {
  const now = o.now ?? (() => performance.now());
  let done = 0;
  let startedAt: number | undefined;
  let drawnAt = -Infinity;
  let shownTenth = 0;
  let onScreen = false;
  const count = (): FrameCount => ({ done, total: o.total, elapsedMs: now() - (startedAt ?? now()) });
  const draw = () => {
    o.write(`\r${progressBar(count(), o.columns)}\x1b[K`);
    onScreen = true;
    drawnAt = now();
  };
  return {
    frame(afterEnd = false) {
      if (o.style === "none") return;
      startedAt ??= now();
      const before = done;
      done = afterEnd ? Math.max(done, o.total) : done + 1;
      // Frames decoded past the capture's end change nothing.
      if (done === before) return;
      if (o.style === "bar") {
        const finished = before < o.total && done >= o.total;
        if (finished || now() - drawnAt >= REDRAW_MS) draw();
        return;
      }
      const tenth = Math.min(10, Math.floor((10 * done) / Math.max(o.total, 1)));
      if (tenth > shownTenth) {
        shownTenth = tenth;
        o.write(`${progressLine(count())}\n`);
      }
    },
    end() {
      if (o.style !== "bar" || !onScreen) return;
      draw();
      o.write("\n");
      onScreen = false;
    },
  };
}
