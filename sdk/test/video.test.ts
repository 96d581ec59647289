import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { analyzeBuffer, decodeTensor } from "@vitals/inference";
import { writeFaceVideo, type FaceVideoTruth } from "../../e2e/fixtures/face-video";
import { inspectTensor } from "../src/tensor.js";
import { NodeFaceModel, probeVideo, tensorFromVideo, type VideoFrameReport } from "../src/video/index.js";
import { busyProcess, cliInFreshProcess, scanService } from "./scan-service.js";

// A video file to vitals in Node: the camera fixture's real face with a known pulse
// (e2e/fixtures/face-video.ts), read by ffmpeg, tracked by the same face model as the browser's,
// its tensor measured by the real inference.
let dir: string;
let model: NodeFaceModel;
let face: { file: string; truth: FaceVideoTruth };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "vitals-video-"));
  const file = path.join(dir, "face-84.y4m");
  face = { file, truth: writeFaceVideo({ out: file, heartRate: 84, seconds: 17, seed: 84 }) };
  model = await NodeFaceModel.load();
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** ffmpeg from `input` to `output` with these output options. */
const ffmpeg = (input: string, options: string[], output: string) =>
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", input, ...options, output]);
const H264 = ["-c:v", "libx264", "-crf", "18", "-pix_fmt", "yuv420p"];

/** The tensor of the first 16 s of `file`, and the vitals the real inference reads from it. */
async function measured(file: string) {
  const made = await tensorFromVideo(file, { durationSeconds: 16, faceModel: model });
  const out = await analyzeBuffer(Buffer.from(made.tensor));
  if (!out.ok) throw new Error(`inference failed: ${out.error.code}`);
  return { made, vitals: out.vitals };
}

describe("tensorFromVideo", () => {
  it("reads the pulse of a face video: the tensor at the video's rate, the heart rate within 2 bpm at high confidence", async () => {
    const { made, vitals } = await measured(face.file);
    expect(made.fps).toBeCloseTo(30, 2);
    expect(made.usableSeconds).toBeGreaterThan(14);
    expect(made.landmarkRuns).toBeGreaterThanOrEqual(made.frameCount); // every frame tracked
    const header = inspectTensor(made.tensor);
    expect(header).toMatchObject({ ok: true, header: { frameCount: made.frameCount, gzip: true } });
    // The regions carry skin: the cheeks and forehead are not masked out.
    const { frames } = await decodeTensor(made.tensor);
    const cheeksAndForehead = frames.subarray(0, 9 * 72 * 72); // the first frame's regions 0-2
    expect(cheeksAndForehead.filter((v) => v > 0).length / cheeksAndForehead.length).toBeGreaterThan(0.3);
    expect(Math.abs(vitals.heart_rate - face.truth.heartRate)).toBeLessThanOrEqual(2);
    expect(vitals.confidence).toBeGreaterThanOrEqual(0.7);
    // No codec: tracking every frame leaves no key-frame-like pattern for the service to name.
    expect(vitals.quality?.reasons ?? []).not.toContain("compression");
  }, 120_000);

  it("reads the same face through H.264 at a recording's quality (MP4, CRF 18) within 3 bpm at high confidence", async () => {
    const mp4 = path.join(dir, "face-84.mp4");
    ffmpeg(face.file, H264, mp4);
    const { made, vitals } = await measured(mp4);
    expect(made.fps).toBeCloseTo(30, 2);
    expect(Math.abs(vitals.heart_rate - face.truth.heartRate)).toBeLessThanOrEqual(3);
    expect(vitals.confidence).toBeGreaterThanOrEqual(0.7);
  }, 120_000);

  it("reads a phone's portrait video, stored sideways with a rotation to show it upright", async () => {
    // A portrait crop of the face, its pixels turned a quarter clockwise as a phone's sensor
    // stores them, and the container's rotation that turns them back for display.
    const sideways = path.join(dir, "sideways.mp4");
    const rotated = path.join(dir, "portrait.mp4");
    ffmpeg(face.file, ["-vf", "crop=240:320:40:0,transpose=1", ...H264], sideways);
    ffmpeg(sideways, ["-c", "copy", "-metadata:s:v:0", "rotate=90"], rotated);
    const info = await probeVideo(rotated);
    expect([info.width, info.height]).toEqual([240, 320]); // upright, as shown
    const { made, vitals } = await measured(rotated);
    expect(made.usableSeconds).toBeGreaterThan(14);
    expect(Math.abs(vitals.heart_rate - face.truth.heartRate)).toBeLessThanOrEqual(3);
    expect(vitals.confidence).toBeGreaterThanOrEqual(0.7);
  }, 120_000);

  it("refuses a video whose face is covered for most of it: not enough usable signal, no tensor", async () => {
    const covered = path.join(dir, "covered.y4m");
    writeFaceVideo({ out: covered, heartRate: 80, seconds: 12, coveredAfter: 3 });
    await expect(tensorFromVideo(covered, { durationSeconds: 12, faceModel: model })).rejects.toMatchObject({
      name: "CaptureError",
      reason: "not-enough-signal",
      message: expect.stringContaining("not enough usable signal"),
    });
  }, 120_000);

  it("refuses a file that is not a video, and a video shorter than a scan, with a CaptureError", async () => {
    const text = path.join(dir, "notes.txt");
    writeFileSync(text, "not a video");
    await expect(tensorFromVideo(text, { faceModel: model })).rejects.toMatchObject({
      name: "CaptureError",
      reason: "source",
    });
    await expect(tensorFromVideo(path.join(dir, "missing.mp4"), { faceModel: model })).rejects.toMatchObject({
      reason: "source",
    });
    const short = path.join(dir, "short.y4m");
    writeFaceVideo({ out: short, heartRate: 70, seconds: 3 });
    await expect(tensorFromVideo(short, { faceModel: model })).rejects.toMatchObject({ reason: "not-enough-signal" });
    await expect(tensorFromVideo(face.file, { durationSeconds: 500 })).rejects.toThrow(RangeError);
  }, 120_000);
});

describe("tensorFromVideo on the file's own timeline", () => {
  /** SHA-256 of a tensor's body as sent, ungzipped (the header carries the scan's date). */
  const bodyHash = async (tensor: Uint8Array) =>
    createHash("sha256")
      .update(gunzipSync(tensor.subarray(36)))
      .digest("hex");

  it("gives one tensor body and the same vitals in five scans: two in one process sharing the model (one of them on a clock running 5x, as a machine 5x slower), three in fresh processes by the CLI, one beside a CPU-bound process", async () => {
    // A user's kind of file (H.264), a few seconds past the shortest scan. The fixture's frame
    // counter is cropped off: its bits flipping make the detector look again every 16 frames,
    // which would hide a refresh decided by the clock.
    const clip = path.join(dir, "clip.mp4");
    ffmpeg(face.file, ["-t", "8", "-vf", "crop=320:304:0:0", ...H264], clip);
    const options = { durationSeconds: 7, faceModel: model };
    const frames: VideoFrameReport[] = [];
    const first = await tensorFromVideo(clip, { ...options, onFrame: (f) => frames.push(f) });
    const hash = await bodyHash(first.tensor);
    expect(first.bodySha256).toBe(hash);
    const expected = await analyzeBuffer(Buffer.from(first.tensor));
    if (!expected.ok) throw new Error(`inference failed: ${expected.error.code}`);
    expect(expected.vitals.confidence).toBeGreaterThan(0);
    // Every decoded frame reported once, in order; the tensor spans usable frames.
    expect(frames.map((f) => f.index)).toEqual([...Array(first.decodedFrames).keys()]);
    expect(frames[first.firstFrame]!.usable && frames[first.lastFrame]!.usable).toBe(true);
    expect(frames.filter((f) => !f.usable).every((f) => f.reason)).toBe(true);

    const real = performance.now.bind(performance);
    const start = real();
    const clock = vi.spyOn(performance, "now").mockImplementation(() => start + 5 * (real() - start));
    const second = await tensorFromVideo(clip, options).finally(() => clock.mockRestore());
    expect(await bodyHash(second.tensor)).toBe(hash);

    const service = await scanService();
    try {
      const runs = [];
      for (const busy of [false, true, false]) {
        const neighbour = busy ? busyProcess(2) : undefined;
        runs.push(
          await cliInFreshProcess(service.url, ["--seconds", "7", "--verbose", clip]).finally(() => neighbour?.stop()),
        );
      }
      expect(service.uploads).toHaveLength(3);
      for (const [i, run] of runs.entries()) {
        expect(run.code, run.err).toBe(0);
        expect(await bodyHash(service.uploads[i]!)).toBe(hash);
        expect(JSON.parse(run.out)).toEqual(expected.vitals);
        // --verbose: every frame, and the tensor's span and hash, on stderr.
        expect(run.err.match(/^frame \d+ [\d.]+ s (usable|not usable: [a-z-]+)$/gm)).toHaveLength(first.decodedFrames);
        expect(run.err).toContain(`decoded frames ${first.firstFrame} to ${first.lastFrame}`);
        expect(run.err).toContain(`body sha256 ${hash}`);
      }
    } finally {
      await service.close();
    }
  }, 300_000);
});
