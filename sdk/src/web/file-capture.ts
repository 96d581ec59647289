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
import { LivePulse } from "./live-pulse.js";
import type { Mp4Frames } from "./mp4-frames.js";
import { RegionSampler } from "./region-sampler.js";
import { FRAME_BYTES } from "./skin-frame.js";

/** Progress events at most this often on the file's timeline (a file runs faster than real time). */
const PROGRESS_EVERY_S = 0.25;
/** Frames handed to the face model ahead of the one being sampled. */
const MODEL_AHEAD = 2;

type Pending = { frame: VideoFrame; t: number; mesh: Promise<Float32Array | undefined> };

export async function captureFile(
  file: Mp4Frames,
  tracker: FaceTracker,
  events: Emitter,
  opts: LoopOptions,
): Promise<Captured> {
  const loop = new FileLoop(events, opts);
  // Each frame goes to the face model as it is decoded, a few ahead of the one being sampled:
  // the model (in its worker) and the sampling (here) overlap, and the model still sees every
  // frame in order, so its answers are the same as one frame at a time.
  const pending: Pending[] = [];
  let lastTime = -Infinity;
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
      if (pending.length > MODEL_AHEAD) await loop.take(pending.shift()!);
      if (loop.over) break;
    }
    while (pending.length && !loop.over) await loop.take(pending.shift()!);
  } finally {
    for (const { frame } of pending.splice(0)) frame.close();
    loop.done();
  }
  opts.signal.throwIfAborted();
  return loop.captured();
}

/** One frame after another, on the file's timeline: the capture's state between frames. */
class FileLoop {
  readonly #events: Emitter;
  readonly #opts: LoopOptions;
  readonly #sampler = new RegionSampler();
  readonly #judge = new FrameJudge();
  readonly #pulse = new LivePulse();
  readonly #masked = new Uint8Array(FRAME_BYTES);
  readonly #out: Captured = { frames: [], timestamps: [], usable: [], usableSeconds: 0, sampleMs: [] };
  readonly #aborted: Promise<never>;
  readonly #onAbort: () => void;
  #landmarks?: Landmarks;
  #lastProgress = -Infinity;
  over = false;

  constructor(events: Emitter, opts: LoopOptions) {
    this.#events = events;
    this.#opts = opts;
    let reject!: (err: Error) => void;
    this.#aborted = new Promise<never>((_, r) => (reject = r));
    this.#aborted.catch(() => undefined);
    this.#onAbort = () => reject(new CaptureError("aborted", "the capture was aborted"));
    if (opts.signal.aborted) this.#onAbort();
    else opts.signal.addEventListener("abort", this.#onAbort, { once: true });
  }

  /** The next frame: recorded (usable or masked), or the end of the capture reached. Closes it. */
  async take({ frame, t, mesh }: Pending): Promise<void> {
    try {
      if (this.over) return;
      const out = this.#out;
      const previous = out.timestamps[out.timestamps.length - 1];
      const elapsed = previous === undefined ? 0 : (t - out.timestamps[0]!) / 1000;
      if (captureOver(elapsed, out.usableSeconds, this.#opts)) {
        this.over = true;
        return;
      }
      const raw = await Promise.race([mesh, this.#aborted]);
      const started = performance.now();
      const { data, look, skinRgb } = this.#sample(frame, t, raw);
      const { usable, changes } = this.#judge.judge(look);
      for (const change of changes) this.#events.emit(change.type, change.event as never);
      const reading = this.#pulse.frame(t, usable ? skinRgb : undefined);
      if (reading) this.#events.emit("pulse", reading);
      // As the camera: a usable frame adds the time since the previous one (at most 200 ms).
      if (usable && previous !== undefined) out.usableSeconds += Math.min(t - previous, 200) / 1000;
      out.frames.push(usable ? data : this.#masked);
      out.timestamps.push(t);
      out.usable.push(usable);
      out.sampleMs.push(performance.now() - started);
      if (elapsed - this.#lastProgress >= PROGRESS_EVERY_S) this.#progress(elapsed);
    } finally {
      frame.close();
    }
  }

  /** The frame's four regions, sampled where the (smoothed) mesh puts them; masked without a face. */
  #sample(
    frame: VideoFrame,
    t: number,
    raw: Float32Array | undefined,
  ): { data: Uint8Array; look: FrameLook; skinRgb?: [number, number, number] } {
    if (!raw) return { data: this.#masked, look: { face: false } };
    // Smoothed and timed by the frames' own times, as the Node video scan does.
    const followed = followLandmarks(this.#landmarks, raw, t);
    this.#landmarks = { mesh: followed.mesh, at: t };
    const size = { width: frame.displayWidth, height: frame.displayHeight };
    const layouts = regionLayouts(followed.mesh, size);
    this.#events.emit("regions", { ...size, regions: layouts });
    const data = new Uint8Array(FRAME_BYTES);
    const stats = this.#sampler.sample(frame, layouts, data);
    return { data, look: { face: true, speed: followed.speed, ...stats }, skinRgb: stats.skinRgb };
  }

  #progress(elapsed: number) {
    this.#lastProgress = elapsed;
    this.#events.emit("progress", {
      usableSeconds: this.#out.usableSeconds,
      neededSeconds: this.#opts.minUsableSeconds,
      elapsedSeconds: Math.min(elapsed, this.#opts.durationSeconds),
      durationSeconds: this.#opts.durationSeconds,
    });
  }

  done() {
    this.#opts.signal.removeEventListener("abort", this.#onAbort);
  }

  /** What was captured, after a last progress event at its end. */
  captured(): Captured {
    const { timestamps } = this.#out;
    if (!timestamps.length) throw new CaptureError("source", "the video file gave no frames");
    this.#progress((timestamps[timestamps.length - 1]! - timestamps[0]!) / 1000);
    return this.#out;
  }
}
