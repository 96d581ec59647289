// A scan's tensor from a video file in Node, by the browser capture's own rules (docs/sdk.md,
// "From a video file in Node"): the face mesh on every frame (its jitter smoothed as in the
// browser), every frame sampled and masked to skin, frames without a usable face masked whole,
// then the tensor of the usable span at the video's own rate. Every decision follows the
// file's own timeline (its frames and their presentation times, never the clock), so the same
// file and options give the same tensor body on any machine, however busy (docs/sdk.md, "The
// same file gives the same tensor").
import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { TENSOR_HEADER_BYTES } from "../tensor.js";
import type { CaptureTensor } from "../web/capture-tensor.js";
import { tensorFromCapture } from "../web/capture-tensor.js";
import { CaptureError } from "../web/errors.js";
import { regionLayouts } from "../web/face-regions.js";
import { captureLengths, captureOver, FrameJudge, neededSeconds, type FrameLook } from "../web/frame-judge.js";
import { followLandmarks, type Landmarks } from "../web/landmark-filter.js";
import { FRAME_BYTES } from "../web/skin-frame.js";
import { DEFAULT_CAPTURE_GRID, type TensorGrid } from "../tensor-grid.js";
import { decodeFrames, decodeSize, probeVideo, type VideoInfo } from "./decode.js";
import { NodeFaceModel } from "./face-model.js";
import type { VideoFrameReport } from "./frame-report.js";
import { RegionPatches } from "./region-patches.js";

export type VideoTensorOptions = {
  /** Seconds of the video to use from its start (default 20; 6 to 120), at most its length. */
  durationSeconds?: number;
  /** Seconds with a usable face the scan needs (default 60 % of the seconds used, at least 5). */
  minUsableSeconds?: number;
  signal?: AbortSignal;
  /** A face model already loaded (several videos in one process load it once). */
  faceModel?: NodeFaceModel;
  /** Called once for each decoded frame, in order: whether it was usable, and if not, why. */
  onFrame?: (frame: VideoFrameReport) => void;
  /** The grid the regions are sent on (docs/tensor-format.md): 36 by default, as the browser's. */
  grid?: TensorGrid;
};

export type VideoTensor = CaptureTensor & {
  /** Seconds with a usable face (in view, lit, still, mostly skin). */
  usableSeconds: number;
  /** Frames decoded, and those the face mesh ran on (every frame of the span used). */
  decodedFrames: number;
  landmarkRuns: number;
  /** Decoded indexes of the tensor's first and last frames (the first and last usable ones). */
  firstFrame: number;
  lastFrame: number;
  /** SHA-256 (hex) of the tensor's body as sent, ungzipped: the same file and options give the same. */
  bodySha256: string;
  /** The file as probed: its size, frame rate and length. */
  video: VideoInfo;
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
  const captured = await model.trackFile(size.width, size.height, () =>
    trackFrames(file, info, model, { ...options, durationSeconds, minUsableSeconds }),
  );
  if (!captured.decoded) throw new CaptureError("source", `${file} gave no frames`);
  if (captured.usableSeconds < minUsableSeconds)
    throw new CaptureError(
      "not-enough-signal",
      `not enough usable signal: ${captured.usableSeconds.toFixed(1)} s with a well-lit, steady face, ${minUsableSeconds} s needed; nothing was uploaded`,
    );
  const { first, ...tensor } = await tensorFromCapture(captured, undefined, options.grid ?? DEFAULT_CAPTURE_GRID);
  const sent = gunzipSync(tensor.tensor.subarray(TENSOR_HEADER_BYTES));
  return {
    ...tensor,
    usableSeconds: captured.usableSeconds,
    decodedFrames: captured.decoded,
    landmarkRuns: captured.frames.length,
    firstFrame: captured.indexes[first]!,
    lastFrame: captured.indexes[first + tensor.timestamps.length - 1]!,
    bodySha256: createHash("sha256").update(sent).digest("hex"),
    video: info,
  };
}

type Tracked = {
  frames: Uint8Array[];
  timestamps: number[];
  usable: boolean[];
  /** Decoded index of each kept frame. */
  indexes: number[];
  usableSeconds: number;
  decoded: number;
};

/** Decodes, tracks and samples the frames of one file, in order (the face model's turn). */
async function trackFrames(
  file: string,
  info: VideoInfo,
  model: NodeFaceModel,
  opts: VideoTensorOptions & { durationSeconds: number; minUsableSeconds: number },
): Promise<Tracked> {
  const size = decodeSize(info);
  const patches = new RegionPatches();
  const judge = new FrameJudge();
  const masked = new Uint8Array(FRAME_BYTES);
  const out: Tracked = { frames: [], timestamps: [], usable: [], indexes: [], usableSeconds: 0, decoded: 0 };
  let landmarks: Landmarks | undefined;
  let stopped = false;
  let index = 0;

  out.decoded = await decodeFrames(
    file,
    size,
    opts.durationSeconds + 1,
    async (rgb, decodedTime) => {
      const i = index++;
      const previous = out.timestamps[out.timestamps.length - 1];
      // A time ffmpeg did not report: one frame after the last.
      const t = Number.isFinite(decodedTime) ? decodedTime : (previous ?? 0) + 1000 / info.fps;
      const report = (usable: boolean, reason?: VideoFrameReport["reason"]) =>
        opts.onFrame?.({ index: i, timeMs: t, usable, ...(reason ? { reason } : {}) });
      if (stopped) return report(false, "after-end");
      if (previous !== undefined && t <= previous) return report(false, "repeated-time");
      const elapsed = out.timestamps.length ? (t - out.timestamps[0]!) / 1000 : 0;
      if (captureOver(elapsed, out.usableSeconds, opts)) {
        stopped = true;
        return report(false, "after-end");
      }
      // Every frame: offline nothing else needs the CPU, and refreshes at a fixed spacing (every
      // third frame) would be a pattern at one phase of every second, which the service reads as
      // a codec's key frames.
      const mesh = await model.landmarks(rgb, size.width, size.height);
      let frame = masked;
      let look: FrameLook = { face: false };
      if (mesh) {
        // Smoothed and timed by the frames' own times, as the browser does by its capture times.
        const followed = followLandmarks(landmarks, mesh, t);
        landmarks = { mesh: followed.mesh, at: t };
        frame = new Uint8Array(FRAME_BYTES);
        const layouts = regionLayouts(followed.mesh, size);
        look = { face: true, speed: followed.speed, ...patches.sample(rgb, size.width, size.height, layouts, frame) };
      }
      const { usable, why } = judge.judge(look);
      if (!usable) frame = masked;
      // As in the browser: a usable frame adds the time since the previous one, at most 200 ms.
      if (usable && previous !== undefined) out.usableSeconds += Math.min(t - previous, 200) / 1000;
      out.frames.push(frame);
      out.timestamps.push(t);
      out.usable.push(usable);
      out.indexes.push(i);
      report(usable, why);
    },
    opts.signal,
  );
  return out;
}
