// The face model's settings, one place for the browser's worker (face-worker.ts) and Node's
// video scan (video/face-model.ts): @vladmandic/human with the face detector and the mesh only,
// on tfjs's WebAssembly backend, its files at `wasmPath` and `modelBasePath`.
import type { Config } from "@vladmandic/human";

/**
 * The detector's refresh: `live` (a camera) by frames or by the clock, whichever comes first;
 * `frames` (a video file, docs/sdk.md "The same file gives the same tensor") by the frames
 * alone, so how fast the machine runs never changes which frames the detector sees.
 */
export type FaceModelTimeline = "live" | "frames";

/** Frames the mesh follows its own last box for before the detector looks again. */
export const DETECTOR_SKIP_FRAMES = 30;
// The clock never decides: a wait no frame sequence reaches.
const NEVER_MS = Number.MAX_SAFE_INTEGER;

export function faceModelConfig(
  wasmPath: string,
  modelBasePath: string,
  timeline: FaceModelTimeline = "live",
): Partial<Config> {
  const off = { enabled: false };
  return {
    backend: "wasm",
    wasmPath,
    modelBasePath,
    warmup: "none",
    // A cached result is reused only when the frame differs little from the one before (mean
    // squared difference, a decision by the pixels). Human's default, pinned here.
    cacheSensitivity: 0.7,
    debug: false,
    filter: { ...off, return: false } as Config["filter"],
    gesture: off,
    body: off as Config["body"],
    hand: off as Config["hand"],
    object: off as Config["object"],
    segmentation: off as Config["segmentation"],
    face: {
      enabled: true,
      // The detector runs when the picture changed a lot (cacheSensitivity: a pixel difference
      // between this frame and the last, so decided by the frames), when the mesh lost the face,
      // or after DETECTOR_SKIP_FRAMES frames (live: or 1.5 s, if sooner); in between only the mesh
      // model runs, on the box the last mesh gave: the expensive half is skipped most times.
      detector: {
        rotation: false,
        maxDetected: 1,
        skipFrames: DETECTOR_SKIP_FRAMES,
        skipTime: timeline === "live" ? 1500 : NEVER_MS,
        minConfidence: 0.3,
      },
      mesh: { enabled: true },
      iris: off,
      attention: off,
      emotion: off,
      description: off,
      antispoof: off,
      liveness: off,
      gear: off,
    } as Config["face"],
  };
}
