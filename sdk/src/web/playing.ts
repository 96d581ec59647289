// A camera's stream, a video element, or a file the browser cannot decode frame by frame,
// played in real time for the camera's frame loop (capture-loop.ts; docs/sdk.md, "How a
// camera is scheduled").
import { CaptureError } from "./errors.js";

/**
 * A camera's stream, a video element (played in real time), or a video file (a File or Blob):
 * an MP4 or MOV file is decoded frame by frame on its own timeline (docs/sdk.md, "A video file
 * in the browser"); any other file, or a browser without WebCodecs, is played instead.
 */
export type CaptureSource = MediaStream | HTMLVideoElement | Blob;

// A camera starts within a second; a video file over the network may need to buffer first.
const START_TIMEOUT_MS = 10_000;

/**
 * The element to sample, playing; and the one made here for a MediaStream (to release after).
 * A source that never starts (a stream that gives no frame, a file that never loads) is a
 * `source` error after START_TIMEOUT_MS, and abort() ends the wait at once.
 */
export function playing(
  source: CaptureSource,
  signal: AbortSignal,
): Promise<[HTMLVideoElement, HTMLVideoElement | undefined]> {
  return new Promise((resolve, reject) => {
    let pending = true;
    const timer = setTimeout(() => {
      pending = false;
      reject(new CaptureError("source", `the video did not start playing within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    startPlaying(source)
      .then(([video, owned]) => {
        // Too late (timed out or aborted): the element made here is released at once.
        if (owned && (signal.aborted || !pending)) release(owned);
        resolve([video, owned]);
      }, reject)
      .finally(() => {
        pending = false;
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
      });
  });
}

async function startPlaying(source: CaptureSource): Promise<[HTMLVideoElement, HTMLVideoElement | undefined]> {
  let video: HTMLVideoElement;
  let owned: HTMLVideoElement | undefined;
  if (source instanceof HTMLVideoElement) video = source;
  else if (source instanceof Blob) {
    // A file this browser cannot decode frame by frame (not MP4/MOV, or no WebCodecs): played.
    video = owned = Object.assign(document.createElement("video"), {
      muted: true,
      playsInline: true,
      src: URL.createObjectURL(source),
    });
  } else {
    video = owned = Object.assign(document.createElement("video"), {
      muted: true,
      playsInline: true,
      srcObject: source,
    });
  }
  try {
    if (video.paused) await video.play();
    if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) {
      await new Promise((resolve, reject) => {
        video.addEventListener("loadeddata", resolve, { once: true });
        video.addEventListener("error", () => reject(video.error), { once: true });
      });
    }
  } catch (err) {
    throw new CaptureError("source", `the video cannot be played: ${(err as Error)?.message ?? err}`, { cause: err });
  }
  return [video, owned];
}

/** Lets go of an element made here: its stream, or its file's object URL. */
export function release(video: HTMLVideoElement) {
  video.srcObject = null;
  if (video.src.startsWith("blob:")) {
    URL.revokeObjectURL(video.src);
    video.removeAttribute("src");
  }
}

/** A file has an end; a camera does not. */
export function videoSecondsLeft(video: HTMLVideoElement): number {
  return Number.isFinite(video.duration) && !video.srcObject ? video.duration - video.currentTime : Infinity;
}
