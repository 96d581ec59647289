// The frame loop of a picked video file (docs/sdk.md, "A video file in the browser"): each
// decoded frame in turn, the face mesh on every one, then the camera's own regions, skin mask,
// frame judge and usable-seconds count. Every decision follows the frames' own timestamps,
// never the clock, so the same file gives the same frames, the same tensor and the same vitals
// however fast or busy the device is.
import type { Captured, LoopOptions } from "./capture-loop.js";
import { CaptureError } from "./errors.js";
import type { Emitter } from "./events.js";
import { regionLayouts } from "./face-regions.js";
import type { FaceTracker } from "./face-tracker.js";
import { captureOver, FrameJudge, type FrameLook } from "./frame-judge.js";
import { followLandmarks, type Landmarks } from "./landmark-filter.js";
import type { Mp4Frames } from "./mp4-frames.js";
import { RegionSampler } from "./region-sampler.js";
import { FRAME_BYTES } from "./skin-frame.js";

/** Progress events at most this often on the file's timeline (a file runs faster than real time). */
const PROGRESS_EVERY_S = 0.25;
/** Frames handed to the face model ahead of the one being sampled. */
const MODEL_AHEAD = 2;

export async function captureFile(
  file: Mp4Frames,
  tracker: FaceTracker,
  events: Emitter,
  opts: LoopOptions,
): Promise<Captured> {
  const sampler = new RegionSampler();
  const judge = new FrameJudge();
  const masked = new Uint8Array(FRAME_BYTES);
  const out: Captured = { frames: [], timestamps: [], usable: [], usableSeconds: 0, sampleMs: [] };
  const aborted = new Promise<never>((_, reject) => {
    const stop = () => reject(new CaptureError("aborted", "the capture was aborted"));
    if (opts.signal.aborted) stop();
    else opts.signal.addEventListener("abort", stop, { once: true });
  });
  aborted.catch(() => undefined);
  let landmarks: Landmarks | undefined;
  let lastProgress = -Infinity;

  // Each frame goes to the face model as it is decoded, a few ahead of the one being sampled:
  // the model (in its worker) and the sampling (here) overlap, and the model still sees every
  // frame in order, so its answers are the same as one frame at a time.
  const pending: { frame: VideoFrame; t: number; mesh: Promise<Float32Array | undefined> }[] = [];
  let lastTime = -Infinity;
  let over = false;
  const take = async () => {
    const { frame, t, mesh: meshing } = pending.shift()!;
    try {
      if (over) return;
      const previous = out.timestamps[out.timestamps.length - 1];
      const elapsed = previous === undefined ? 0 : (t - out.timestamps[0]!) / 1000;
      if (captureOver(elapsed, out.usableSeconds, opts)) {
        over = true;
        return;
      }
      const mesh = await Promise.race([meshing, aborted]);
      const started = performance.now();
      let data = masked;
      let look: FrameLook = { face: false };
      if (mesh) {
        // Smoothed and timed by the frames' own times, as the Node video scan does.
        const followed = followLandmarks(landmarks, mesh, t);
        landmarks = { mesh: followed.mesh, at: t };
        const size = { width: frame.displayWidth, height: frame.displayHeight };
        const layouts = regionLayouts(followed.mesh, size);
        events.emit("regions", { ...size, regions: layouts });
        data = new Uint8Array(FRAME_BYTES);
        look = { face: true, speed: followed.speed, ...sampler.sample(frame, layouts, data) };
      }
      const { usable, changes } = judge.judge(look);
      for (const change of changes) events.emit(change.type, change.event as never);
      if (!usable) data = masked;
      // As the camera: a usable frame adds the time since the previous one (at most 200 ms).
      if (usable && previous !== undefined) out.usableSeconds += Math.min(t - previous, 200) / 1000;
      out.frames.push(data);
      out.timestamps.push(t);
      out.usable.push(usable);
      out.sampleMs.push(performance.now() - started);
      if (elapsed - lastProgress >= PROGRESS_EVERY_S) {
        lastProgress = elapsed;
        events.emit("progress", {
          usableSeconds: out.usableSeconds,
          neededSeconds: opts.minUsableSeconds,
          elapsedSeconds: Math.min(elapsed, opts.durationSeconds),
          durationSeconds: opts.durationSeconds,
        });
      }
    } finally {
      frame.close();
    }
  };

  try {
    for await (const frame of file.frames(opts.signal)) {
      const t = frame.timestamp / 1000;
      // A frame at or before the last one's time adds nothing (an edit list's repeat).
      if (t <= lastTime) {
        frame.close();
        continue;
      }
      lastTime = t;
      pending.push({ frame, t, mesh: tracker.landmarksOf(frame) });
      if (pending.length > MODEL_AHEAD) await take();
      if (over) break;
    }
    while (pending.length && !over) await take();
  } finally {
    for (const { frame } of pending.splice(0)) frame.close();
  }
  opts.signal.throwIfAborted();
  if (!out.frames.length) throw new CaptureError("source", "the video file gave no frames");
  const elapsed = (out.timestamps[out.timestamps.length - 1]! - out.timestamps[0]!) / 1000;
  events.emit("progress", {
    usableSeconds: out.usableSeconds,
    neededSeconds: opts.minUsableSeconds,
    elapsedSeconds: Math.min(elapsed, opts.durationSeconds),
    durationSeconds: opts.durationSeconds,
  });
  return out;
}
