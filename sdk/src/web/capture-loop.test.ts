import { describe, expect, it } from "vitest";
import { clockOf, frameTime } from "./capture-loop.js";

describe("the capture's clock", () => {
  it("uses a camera's capture time when its frames carry one", () => {
    const meta = { captureTime: 1234.5, mediaTime: 0, presentationTime: 1300 };
    expect(clockOf(meta, true)).toBe("capture");
    expect(frameTime("capture", meta, 1400)).toBe(1234.5);
  });
  it("stamps a live stream without capture time when each frame was presented, never its media time", () => {
    // WebKit's canvas streams keep mediaTime at 0: stamping by it would stop the clock.
    const frames = [0, 1, 2].map((i) => ({ mediaTime: 0, presentationTime: 1000 + 33 * i }));
    const clock = clockOf(frames[0]!, true);
    expect(clock).toBe("presented");
    expect(frames.map((m, i) => frameTime(clock, m, 2000 + i))).toEqual([1000, 1033, 1066]);
    // No presentation time: the callback's own time.
    expect(frameTime(clock, { mediaTime: 0 }, 2500)).toBe(2500);
  });
  it("plays a video file on its own media time", () => {
    const meta = { mediaTime: 1.5, presentationTime: 9999 };
    expect(clockOf(meta, false)).toBe("media");
    expect(frameTime("media", meta, 0)).toBe(1500);
  });
});
