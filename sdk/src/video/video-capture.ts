// A scan's tensor from a video file in Node, by the browser capture's own rules (docs/sdk.md,
// "From a video file in Node"): the face mesh on every frame (its jitter smoothed as in the
// browser), every frame sampled and masked to skin, frames without a usable face masked whole,
// then the tensor of the usable span at the video's own rate.
import type { CaptureTensor } from "../web/capture-tensor.js";
import { tensorFromCapture } from "../web/capture-tensor.js";
import { CaptureError } from "../web/errors.js";
import { regionLayouts } from "../web/face-regions.js";
import { captureLengths, captureOver, FrameJudge, neededSeconds, type FrameLook } from "../web/frame-judge.js";
import { followLandmarks, type Landmarks } from "../web/landmark-filter.js";
import { FRAME_BYTES } from "../web/skin-frame.js";
import { decodeFrames, decodeSize, probeVideo } from "./decode.js";
import { NodeFaceModel } from "./face-model.js";
import { RegionPatches } from "./region-patches.js";

export type VideoTensorOptions = {
  /** Seconds of the video to use from its start (default 20; 6 to 120), at most its length. */
  durationSeconds?: number;
  /** Seconds with a usable face the scan needs (default 60 % of the seconds used, at least 5). */
  minUsableSeconds?: number;
  signal?: AbortSignal;
  /** A face model already loaded (several videos in one process load it once). */
  faceModel?: NodeFaceModel;
};

export type VideoTensor = CaptureTensor & {
  /** Seconds with a usable face (in view, lit, still, mostly skin). */
  usableSeconds: number;
  /** Frames decoded, and those the face mesh ran on (every frame of the span used). */
  decodedFrames: number;
  landmarkRuns: number;
};

/**
 * The tensor of `file`'s first `durationSeconds`. CaptureError: "source" (not a video ffmpeg
 * reads), "face-model" (the model did not load), "not-enough-signal" (fewer usable seconds than
 * needed: nothing to upload).
 */
export async function tensorFromVideo(file: string, options: VideoTensorOptions = {}): Promise<VideoTensor> {
  const lengths = captureLengths(options);
  const info = await probeVideo(file);
  const durationSeconds = Math.min(lengths.durationSeconds, Number.isFinite(info.seconds) ? info.seconds : Infinity);
  const minUsableSeconds = neededSeconds(options.minUsableSeconds, durationSeconds);
  if (durationSeconds < minUsableSeconds)
    throw new CaptureError(
      "not-enough-signal",
      `not enough usable signal: the video is ${durationSeconds.toFixed(1)} s long, a scan needs ${minUsableSeconds} s of a usable face`,
    );
  const model = options.faceModel ?? (await NodeFaceModel.load());
  const size = decodeSize(info);
  const patches = new RegionPatches();
  const judge = new FrameJudge();
  const masked = new Uint8Array(FRAME_BYTES);
  const captured = { frames: [] as Uint8Array[], timestamps: [] as number[], usable: [] as boolean[] };
  let usableSeconds = 0;
  let landmarks: Landmarks | undefined;
  let stopped = false;

  const decoded = await decodeFrames(
    file,
    size,
    durationSeconds + 1,
    async (rgb, decodedTime) => {
      if (stopped) return;
      const previous = captured.timestamps[captured.timestamps.length - 1];
      // A time ffmpeg did not report: one frame after the last.
      const t = Number.isFinite(decodedTime) ? decodedTime : (previous ?? 0) + 1000 / info.fps;
      if (previous !== undefined && t <= previous) return;
      const elapsed = captured.timestamps.length ? (t - captured.timestamps[0]!) / 1000 : 0;
      if (captureOver(elapsed, usableSeconds, { durationSeconds, minUsableSeconds })) {
        stopped = true;
        return;
      }
      // Every frame: offline nothing else needs the CPU, and refreshes at a fixed spacing (every
      // third frame) would be a pattern at one phase of every second, which the service reads as
      // a codec's key frames.
      const mesh = await model.landmarks(rgb, size.width, size.height);
      let frame = masked;
      let look: FrameLook = { face: false };
      if (mesh) {
        const followed = followLandmarks(landmarks, mesh, t);
        landmarks = { mesh: followed.mesh, at: t };
        frame = new Uint8Array(FRAME_BYTES);
        const layouts = regionLayouts(followed.mesh, size);
        look = { face: true, speed: followed.speed, ...patches.sample(rgb, size.width, size.height, layouts, frame) };
      }
      const { usable } = judge.judge(look);
      if (!usable) frame = masked;
      // As in the browser: a usable frame adds the time since the previous one, at most 200 ms.
      if (usable && previous !== undefined) usableSeconds += Math.min(t - previous, 200) / 1000;
      captured.frames.push(frame);
      captured.timestamps.push(t);
      captured.usable.push(usable);
    },
    options.signal,
  );
  if (!decoded) throw new CaptureError("source", `${file} gave no frames`);
  if (usableSeconds < minUsableSeconds)
    throw new CaptureError(
      "not-enough-signal",
      `not enough usable signal: ${usableSeconds.toFixed(1)} s with a well-lit, steady face, ${minUsableSeconds} s needed; nothing was uploaded`,
    );
  const tensor = await tensorFromCapture(captured);
  return { ...tensor, usableSeconds, decodedFrames: decoded, landmarkRuns: captured.frames.length };
}
