import { describe, expect, it } from "vitest";
import {
  formatDuration,
  frameProgress,
  progressBar,
  progressLine,
  progressStyle,
  secondsLeft,
} from "./cli-progress.js";

describe("the progress text", () => {
  it("says the frames done, the share and the time left at the pace so far", () => {
    // 150 of 600 frames in 5 s: 450 more at the same pace take 15 s.
    const p = { done: 150, total: 600, elapsedMs: 5000 };
    expect(secondsLeft(p)).toBe(15);
    expect(progressLine(p)).toBe("tracking the face: 150/600 frames (25 %), about 15 s left");
    // At 120 columns the bar is at its longest (40); the time left is padded to a fixed width.
    expect(progressBar(p, 120)).toBe(
      `tracking the face [${"#".repeat(10)}${"-".repeat(30)}] 150/600 frames  25 % ${"about 15 s left".padEnd(24)}`,
    );
    // At 80, shorter (13), and the line under 80.
    expect(progressBar(p, 80)).toBe(
      `tracking the face [###${"-".repeat(10)}] 150/600 frames  25 % ${"about 15 s left".padEnd(24)}`,
    );
  });

  it("estimates nothing before half a second of frames, and says done at the end", () => {
    expect(secondsLeft({ done: 3, total: 600, elapsedMs: 100 })).toBeUndefined();
    expect(progressLine({ done: 3, total: 600, elapsedMs: 100 })).toBe(
      "tracking the face: 3/600 frames (0 %), estimating the time left",
    );
    expect(progressLine({ done: 600, total: 600, elapsedMs: 20_000 })).toBe(
      "tracking the face: 600/600 frames (100 %), done",
    );
    // More frames than the rate promised (a variable-rate video): never past 100 %.
    expect(progressLine({ done: 610, total: 600, elapsedMs: 20_000 })).toBe(
      "tracking the face: 610/610 frames (100 %), done",
    );
  });

  it("keeps the bar's length from one redraw to the next, and fits a narrow terminal without wrapping", () => {
    const lengths = [
      { done: 1, total: 600, elapsedMs: 10 },
      { done: 9, total: 600, elapsedMs: 600 },
      { done: 420, total: 600, elapsedMs: 90_000 },
      { done: 600, total: 600, elapsedMs: 120_000 },
    ].map((p) => progressBar(p, 80).length);
    expect(new Set(lengths).size).toBe(1);
    expect(lengths[0]).toBeLessThanOrEqual(79);
    expect(progressBar({ done: 300, total: 600, elapsedMs: 4000 }, 40).length).toBeLessThanOrEqual(39);
    expect(progressBar({ done: 300, total: 600, elapsedMs: 4000 }, 40)).toBe("300/600 frames 50 % about 4 s left");
  });

  it("formats durations past a minute in minutes", () => {
    expect(formatDuration(0.2)).toBe("1 s");
    expect(formatDuration(59)).toBe("59 s");
    expect(formatDuration(65)).toBe("1 min 05 s");
  });
});

describe("the terminal or not", () => {
  it("draws a bar only on a terminal; plain lines in a log or pipe, and with --verbose; nothing with --quiet", () => {
    expect(progressStyle({ stderrIsTTY: true, quiet: false, verbose: false })).toBe("bar");
    expect(progressStyle({ stderrIsTTY: false, quiet: false, verbose: false })).toBe("lines");
    expect(progressStyle({ stderrIsTTY: true, quiet: false, verbose: true })).toBe("lines");
    expect(progressStyle({ stderrIsTTY: true, quiet: true, verbose: false })).toBe("none");
    expect(progressStyle({ stderrIsTTY: false, quiet: true, verbose: true })).toBe("none");
  });

  /** 100 frames, 50 ms apart, the capture over after 80 (the rest decoded past its end). */
  function run(style: "bar" | "lines" | "none") {
    let t = 0;
    const out: string[] = [];
    const p = frameProgress({ style, total: 100, write: (s) => void out.push(s), columns: 80, now: () => t });
    for (let i = 0; i < 100; i++) {
      p.frame(i >= 80);
      t += 50;
    }
    p.end();
    return out;
  }

  it("on a terminal: one line redrawn in place with \\r, at most 10 times a second, ended with a newline", () => {
    const out = run("bar");
    const draws = out.filter((s) => s.startsWith("\r"));
    expect(out.join("")).not.toMatch(/\n(?!$)/);
    expect(out.at(-1)).toBe("\n");
    // 80 frames at 50 ms: a redraw every other frame, the capture's end, and the final line.
    expect(draws.length).toBeGreaterThanOrEqual(40);
    expect(draws.length).toBeLessThanOrEqual(43);
    for (const d of draws) {
      expect(d.startsWith("\r") && d.endsWith("\x1b[K")).toBe(true);
      expect(d.slice(1, -3)).toMatch(/^tracking the face \[[#-]{10,40}\] +\d+\/100 frames +\d+ % [a-z0-9 ]+$/);
    }
    expect(draws.at(-1)).toContain("100/100 frames 100 % done");
  });

  it("elsewhere: a plain line at each 10 %, without \\r", () => {
    const out = run("lines");
    expect(out.join("")).not.toContain("\r");
    expect(out.map((l) => /\((\d+) %\)/.exec(l)![1])).toEqual(["10", "20", "30", "40", "50", "60", "70", "80", "100"]);
    // 10 frames in 0.45 s: too soon to tell; 20 in 0.95 s: 80 more take about 3.8 s.
    expect(out[0]).toBe("tracking the face: 10/100 frames (10 %), estimating the time left\n");
    expect(out[1]).toBe("tracking the face: 20/100 frames (20 %), about 4 s left\n");
    expect(out.at(-1)).toBe("tracking the face: 100/100 frames (100 %), done\n");
  });

  it("with --quiet: nothing", () => {
    expect(run("none")).toEqual([]);
  });
});
