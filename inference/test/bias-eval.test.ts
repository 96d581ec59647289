// The real-face benchmark's builder (scripts/real/bias-eval.ts): each crop video becomes its
// region of the tensor (docs/tensor-format.md), region 3 stays "not skin", and a recording
// longer than the format's 120 s is cut into equal windows.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FRAME_BYTES, PLANE_BYTES } from "../src/tensor-format.js";
import { subjectWindows } from "../scripts/real/bias-eval.js";

const dir = mkdtempSync(join(tmpdir(), "bias-eval-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Flat colours, far apart, so each region's plane shows which video it came from (64x64
// rather than the dataset's 200x200: any size is scaled to the 72x72 patch).
const COLOURS = { forehead: [200, 120, 80], leftcheek: [60, 160, 40], rightcheek: [30, 50, 220] } as const;

describe("bias-eval-rppg tensors", () => {
  it("puts each crop in its region, leaves region 3 empty and cuts 130 s into two windows", async () => {
    mkdirSync(join(dir, "Data", "India"), { recursive: true });
    for (const [name, [r, g, b]] of Object.entries(COLOURS)) {
      const hex = [r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("");
      execFileSync("ffmpeg", [
        "-hide_banner",
        "-loglevel",
        "error",
        "-f",
        "lavfi",
        "-i",
        `color=c=0x${hex}:s=64x64:r=15:d=130`,
        "-c:v",
        "mpeg4",
        "-q:v",
        "2",
        "-pix_fmt",
        "yuv420p",
        join(dir, "Data", "India", `video1_${name}.avi`),
      ]);
    }
    const windows = await subjectWindows(dir, {
      country: "India",
      subject: "video1",
      truthBpm: 80,
      regions: ["forehead", "leftcheek", "rightcheek"],
      frames: 1950,
    });
    expect(windows.map((w) => [w.start, w.frames])).toEqual([
      [0, 975],
      [975, 975],
    ]);
    for (const w of windows) {
      expect(w.tensor.length).toBe(w.frames * FRAME_BYTES);
      const t = w.frames - 1;
      for (const [region, rgb] of Object.values(COLOURS).entries())
        for (const [c, v] of rgb.entries()) {
          const px = w.tensor[t * FRAME_BYTES + (region * 3 + c) * PLANE_BYTES + 100];
          expect(Math.abs(px - v)).toBeLessThanOrEqual(6); // the codec's YUV rounding
        }
      const face = w.tensor.subarray(t * FRAME_BYTES + 9 * PLANE_BYTES, (t + 1) * FRAME_BYTES);
      expect(face.every((v) => v === 0)).toBe(true);
    }
  });
});
