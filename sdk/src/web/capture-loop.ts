// The frame loop: every frame the video presents is sampled into the four regions (or stored
// masked when no usable face is in it), with its real capture time, while the face model
// refreshes the regions at its own pace. Ends after durationSeconds of frames, or as soon as
// the usable seconds can no longer reach what the scan needs.
import type { Emitter } from "./events.js";
import { CaptureError } from "./errors.js";
import type { FaceTracker } from "./face-tracker.js";
import { captureOver, FrameJudge, type FrameLook, FramePace } from "./frame-judge.js";
import { LivePulse } from "./live-pulse.js";
import { RegionSampler } from "./region-sampler.js";
import { FRAME_BYTES } from "./skin-frame.js";

const NO_FRAME_TIMEOUT_MS = 3000;

export type LoopOptions = {
  durationSeconds: number;
  minUsableSeconds: number;
  signal: AbortSignal;
  /** Each recorded frame as it is recorded (the upload while capturing, streamed-scan.ts). */
  onFrame?: (frame: Uint8Array, t: number, usable: boolean, usableSeconds: number) => void;
};
export type Captured = {
  frames: Uint8Array[];
  /** Capture time of each frame, ms (camera clock or the video's own time). */
  timestamps: number[];
  usable: boolean[];
  usableSeconds: number;
  /** Time each frame's sampling took on the page's thread, ms. */
  sampleMs: number[];
};

export type FrameMeta = { captureTime?: number; mediaTime: number; presentationTime?: number };
/** Which clock stamps the frames: the camera's, the video's own time, or when each was presented. */
export type Clock = "capture" | "media" | "presented";
type VideoWithFrameCallback = HTMLVideoElement & {
  requestVideoFrameCallback?: (cb: (now: number, meta: FrameMeta) => void) => number;
};

export function captureFrames(
  video: HTMLVideoElement,
  tracker: FaceTracker,
  events: Emitter,
  opts: LoopOptions,
): Promise<Captured> {
  const sampler = new RegionSampler();
  const masked = new Uint8Array(FRAME_BYTES);
  const out: Captured = { frames: [], timestamps: [], usable: [], usableSeconds: 0, sampleMs: [] };
  const judge = new FrameJudge();
  // Only a live camera is judged for pace: a played file has its own rate, whatever it is.
  const stream = video.srcObject instanceof MediaStream ? video.srcObject : undefined;
  const pace = stream ? new FramePace(stream.getVideoTracks()[0]?.getSettings().frameRate || 30) : undefined;
  const pulse = new LivePulse();
  let lastProgress = -Infinity;
  let clock: Clock | undefined;
  let lastMediaTime = -1;
  let regionsAt = -1;

  return new Promise<Captured>((resolve, reject) => {
    let done = false;
    let watchdog = setTimeout(
      () => fail(new CaptureError("source", "the video gave no frame for 3 s")),
      NO_FRAME_TIMEOUT_MS,
    );
    const onAbort = () => fail(new CaptureError("aborted", "the capture was aborted"));
    opts.signal.addEventListener("abort", onAbort, { once: true });
    // A video file that ends before durationSeconds ends the capture with what it gave.
    const onEnded = () => {
      if (!done) {
        done = true;
        finish();
      }
    };
    video.addEventListener("ended", onEnded, { once: true });
    const finish = (err?: Error) => {
      clearTimeout(watchdog);
      opts.signal.removeEventListener("abort", onAbort);
      video.removeEventListener("ended", onEnded);
      if (err) reject(err);
      else resolve(out);
    };
    const fail = (err: Error) => {
      if (!done) {
        done = true;
        finish(err);
      }
    };

    const onFrame = (meta: FrameMeta, now: number) => {
      if (done) return;
      clearTimeout(watchdog);
      watchdog = setTimeout(
        () => fail(new CaptureError("source", "the video stopped giving frames")),
        NO_FRAME_TIMEOUT_MS,
      );
      clock ??= clockOf(meta, stream !== undefined);
      const t = frameTime(clock, meta, now);
      const previous = out.timestamps[out.timestamps.length - 1];
      if (previous === undefined || t > previous) record(t, previous);
      const elapsed = (t - out.timestamps[0]!) / 1000;
      const over = captureOver(elapsed, out.usableSeconds, opts);
      progress(elapsed, over);
      if (over) {
        done = true;
        finish();
        return;
      }
      next();
    };

    const record = (t: number, previous: number | undefined) => {
      const started = performance.now();
      tracker.offer(video, started);
      const face = tracker.current(started);
      let frame = masked;
      let look: FrameLook = { face: false };
      let skinRgb: [number, number, number] | undefined;
      if (face) {
        if (face.at !== regionsAt) {
          regionsAt = face.at;
          events.emit("regions", { width: video.videoWidth, height: video.videoHeight, regions: face.layouts });
        }
        frame = new Uint8Array(FRAME_BYTES);
        const stats = sampler.sample(video, face.layouts, frame);
        look = { face: true, speed: face.speed, ...stats };
        skinRgb = stats.skinRgb;
      }
      const { usable, changes } = judge.judge(look);
      for (const change of changes) events.emit(change.type, change.event as never);
      const paceChange = pace?.frame(t);
      if (paceChange) events.emit("pace", paceChange);
      const reading = pulse.frame(t, usable ? skinRgb : undefined);
      if (reading) events.emit("pulse", reading);
      if (!usable) frame = masked;
      // A usable frame adds the time since the previous one (at most 200 ms: a stall is not signal).
      if (usable && previous !== undefined) out.usableSeconds += Math.min(t - previous, 200) / 1000;
      out.frames.push(frame);
      out.timestamps.push(t);
      out.usable.push(usable);
      out.sampleMs.push(performance.now() - started);
      opts.onFrame?.(frame, t, usable, out.usableSeconds);
    };

    const progress = (elapsed: number, final: boolean) => {
      if (!final && elapsed - lastProgress < 0.25) return;
      lastProgress = elapsed;
      events.emit("progress", {
        usableSeconds: out.usableSeconds,
        neededSeconds: opts.minUsableSeconds,
        elapsedSeconds: Math.min(elapsed, opts.durationSeconds),
        durationSeconds: opts.durationSeconds,
      });
    };

    // requestVideoFrameCallback: once per presented frame, with its capture time. Elsewhere, a
    // poll per animation frame that takes a frame when the video's time moved.
    const v = video as VideoWithFrameCallback;
    const next = v.requestVideoFrameCallback
      ? () => v.requestVideoFrameCallback!((now, meta) => onFrame(meta, now))
      : () =>
          requestAnimationFrame(() => {
            if (video.currentTime !== lastMediaTime) {
              lastMediaTime = video.currentTime;
              onFrame({ mediaTime: video.currentTime }, performance.now());
            } else next();
          });
    next();
  });
}

/**
 * A camera's frames carry their capture time. A live stream without it is stamped when each
 * frame is presented: its media time may stand still (WebKit's canvas streams keep it at 0),
 * which would stamp every frame alike. A file plays on its own time.
 */
export function clockOf(meta: FrameMeta, live: boolean): Clock {
  if (meta.captureTime !== undefined) return "capture";
  return live ? "presented" : "media";
}

/** A frame's time (ms) on the capture's clock; `now` is the frame callback's own time. */
export function frameTime(clock: Clock, meta: FrameMeta, now: number): number {
  if (clock === "capture") return meta.captureTime!;
  if (clock === "media") return meta.mediaTime * 1000;
  return meta.presentationTime ?? now;
}
