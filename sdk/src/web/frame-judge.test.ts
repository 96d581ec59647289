import { describe, expect, it } from "vitest";
import {
  captureLengths,
  captureOver,
  FrameJudge,
  FramePace,
  neededSeconds,
  SLOW_FPS,
  MIN_SKIN,
  TOO_DARK_LUMA,
  TOO_FAST,
} from "./frame-judge.js";

/** Frames at `fps` from `from` ms for `ms`, fed to the pace; the events it answered. */
function feed(pace: FramePace, fps: number, from: number, ms: number) {
  const events = [];
  for (let t = from; t < from + ms; t += 1000 / fps) {
    const e = pace.frame(t);
    if (e) events.push(e);
  }
  return events;
}

describe("FramePace", () => {
  it("says nothing while the device keeps up, nor before 2 s of frames", () => {
    const pace = new FramePace();
    expect(feed(pace, 30, 0, 10_000)).toEqual([]);
    expect(feed(new FramePace(), 5, 0, 1_900)).toEqual([]);
  });
  it("calls the device too slow under SLOW_FPS, and well again only past 4/3 of it", () => {
    const pace = new FramePace();
    expect([pace.slowBelow, pace.recoveredAbove]).toEqual([SLOW_FPS, 20]);
    feed(pace, 30, 0, 3_000);
    const slow = feed(pace, SLOW_FPS - 3, 3_000, 3_000);
    expect(slow).toHaveLength(1);
    expect(slow[0]!.tooSlow).toBe(true);
    expect(slow[0]!.fps).toBeLessThan(SLOW_FPS);
    // Between the two rates: still too slow (no flicker).
    expect(feed(pace, 17.5, 6_000, 3_000)).toEqual([]);
    const well = feed(pace, 30, 9_000, 3_000);
    expect(well.map((e) => e.tooSlow)).toEqual([false]);
    expect(well[0]!.fps).toBeGreaterThanOrEqual(20);
  });
  it("holds a camera that delivers 15 a second (dim light) to half its own rate, not to 30's", () => {
    const pace = new FramePace(15);
    expect(pace.slowBelow).toBe(7.5);
    expect(feed(pace, 14, 0, 6_000)).toEqual([]);
    expect(feed(pace, 6, 6_000, 3_000).map((e) => e.tooSlow)).toEqual([true]);
  });
  it("reads a stall as a slow rate when the next frame comes", () => {
    const pace = new FramePace();
    feed(pace, 30, 0, 3_000);
    expect(pace.frame(4_500)?.tooSlow).toBe(true);
  });
});

const good = { face: true as const, faceLuma: 140, skinFraction: 0.7, speed: 0.05 };

describe("FrameJudge", () => {
  it("counts a lit, still, skin-covered face, and reports the face once when it appears", () => {
    const judge = new FrameJudge();
    expect(judge.judge(good)).toEqual({ usable: true, changes: [{ type: "face", event: { found: true } }] });
    expect(judge.judge(good)).toEqual({ usable: true, changes: [] });
  });

  it("reports a lost face once and does not count its frames", () => {
    const judge = new FrameJudge();
    judge.judge(good);
    expect(judge.judge({ face: false })).toEqual({
      usable: false,
      why: "no-face",
      changes: [{ type: "face", event: { found: false } }],
    });
    expect(judge.judge({ face: false }).changes).toEqual([]);
  });

  it("too dark: refused with a lighting event carrying the level, and cleared when light returns", () => {
    const judge = new FrameJudge();
    judge.judge(good);
    const dark = judge.judge({ ...good, faceLuma: TOO_DARK_LUMA - 10.4 });
    expect(dark).toMatchObject({ usable: false, why: "too-dark" });
    expect(dark.changes).toEqual([{ type: "lighting", event: { tooDark: true, level: 40 } }]);
    expect(judge.judge(good).changes).toEqual([{ type: "lighting", event: { tooDark: false, level: 140 } }]);
  });

  it("too much motion: refused with a motion event, and cleared when the head is still", () => {
    const judge = new FrameJudge();
    judge.judge(good);
    const moving = judge.judge({ ...good, speed: TOO_FAST * 2 });
    expect(moving).toEqual({ usable: false, why: "moving", changes: [{ type: "motion", event: { tooMuch: true } }] });
    expect(judge.judge(good)).toEqual({ usable: true, changes: [{ type: "motion", event: { tooMuch: false } }] });
  });

  it("a face region that is mostly not skin (covered by a hand or a mask) does not count", () => {
    const judge = new FrameJudge();
    expect(judge.judge({ ...good, skinFraction: MIN_SKIN - 0.01 })).toMatchObject({ usable: false, why: "not-skin" });
  });
});

describe("captureOver", () => {
  const opts = { durationSeconds: 20, minUsableSeconds: 12 };
  it("ends at the duration", () => {
    expect(captureOver(19.9, 19, opts)).toBe(false);
    expect(captureOver(20, 19, opts)).toBe(true);
  });
  it("ends early once the needed seconds are out of reach", () => {
    expect(captureOver(8, 0, opts)).toBe(false); // 12 s left could still make it
    expect(captureOver(8.1, 0, opts)).toBe(true);
    expect(captureOver(10, 3, opts)).toBe(false);
  });
});

describe("captureLengths", () => {
  it("defaults to 20 s needing 12 usable, and to at least 5 usable", () => {
    expect(captureLengths({})).toEqual({ durationSeconds: 20, minUsableSeconds: 12 });
    expect(captureLengths({ durationSeconds: 6 })).toEqual({ durationSeconds: 6, minUsableSeconds: 5 });
    expect(captureLengths({ durationSeconds: 120 })).toEqual({ durationSeconds: 120, minUsableSeconds: 72 });
  });

  it("refuses a capture that could never gather its usable seconds", () => {
    // Every usable second would have to start with the very first frame, before any face is found.
    expect(() => captureLengths({ durationSeconds: 5 })).toThrow(/must be 6 to 120/);
    expect(() => captureLengths({ durationSeconds: 10, minUsableSeconds: 10 })).toThrow(/must be 5 to 9/);
    expect(() => captureLengths({ durationSeconds: 121 })).toThrow(RangeError);
    expect(() => captureLengths({ durationSeconds: Number.NaN })).toThrow(RangeError);
    expect(() => captureLengths({ minUsableSeconds: 4 })).toThrow(RangeError);
    expect(captureLengths({ durationSeconds: 10, minUsableSeconds: 9 }).minUsableSeconds).toBe(9);
  });

  it("with the shortest capture, one unusable second still leaves the needed seconds reachable", () => {
    const opts = captureLengths({ durationSeconds: 6 });
    expect(captureOver(0.9, 0, opts)).toBe(false);
  });
});

describe("neededSeconds", () => {
  it("a video file shorter than the duration lowers the default need to 60 % of it, at least 5", () => {
    expect(neededSeconds(undefined, 20)).toBe(12);
    expect(neededSeconds(undefined, 10)).toBe(6);
    expect(neededSeconds(undefined, 6)).toBe(5);
  });
  it("keeps a need the caller set", () => {
    expect(neededSeconds(15, 10)).toBe(15);
  });
});
