import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demux, upright } from "./mp4-frames.js";

// The container half of the browser's file path runs in Node (the decoding half, WebCodecs,
// is the Try it test's, e2e/try-it.spec.ts): small files written by ffmpeg, read by mp4box.js.
let dir: string;
const file = (name: string) => new Blob([readFileSync(path.join(dir, name))]);
const ffmpeg = (...args: string[]) => execFileSync("ffmpeg", ["-v", "error", "-y", ...args], { cwd: dir });

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "vitals-mp4-frames-"));
  const source = ["-f", "lavfi", "-i", "testsrc=size=160x120:rate=10", "-t", "2"];
  // H.264 with B-frames: decode order differs from presentation order.
  ffmpeg(...source, "-c:v", "libx264", "-bf", "2", "-pix_fmt", "yuv420p", "plain.mp4");
  ffmpeg("-i", "plain.mp4", "-c", "copy", "-metadata:s:v:0", "rotate=90", "turned.mp4");
  ffmpeg(...source, "-c:v", "libvpx", "-b:v", "200k", "clip.webm");
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("demux", () => {
  it("gives every sample of the video track with its presentation time, and the decoder's avcC description", async () => {
    const got = await demux(file("plain.mp4"));
    expect(got).toBeDefined();
    const { track, description, samples } = got!;
    expect(track.codec).toMatch(/^avc1\./);
    expect(track.video).toEqual({ width: 160, height: 120 });
    expect(track.duration / track.timescale).toBeCloseTo(2, 1);
    // avcC: configurationVersion 1, then the profile the codec string names.
    expect(description?.[0]).toBe(1);
    expect(description?.[1]?.toString(16).padStart(2, "0")).toBe(track.codec.slice(5, 7));
    expect(samples).toHaveLength(20);
    expect(samples[0]!.is_sync).toBe(true);
    const times = samples.map((s) => (1000 * s.cts) / s.timescale).sort((a, b) => a - b);
    const first = times[0]!;
    expect(times.map((t) => Math.round(t - first))).toEqual(Array.from({ length: 20 }, (_, i) => 100 * i));
    // B-frames: the samples come in decode order, which is not presentation order.
    expect(samples.map((s) => s.cts)).not.toEqual([...samples.map((s) => s.cts)].sort((a, b) => a - b));
  });

  it("is nothing for a file that is not MP4 or MOV (a WebM is played instead)", async () => {
    expect(await demux(file("clip.webm"))).toBeUndefined();
    expect(await demux(new Blob([new Uint8Array(4096)]))).toBeUndefined();
  });
});

describe("upright", () => {
  it("takes the identity display matrix, and refuses one that turns the picture (a phone's portrait video)", async () => {
    expect(upright((await demux(file("plain.mp4")))!.track.matrix)).toBe(true);
    expect(upright((await demux(file("turned.mp4")))!.track.matrix)).toBe(false);
    expect(upright([-0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000])).toBe(false);
  });
});
