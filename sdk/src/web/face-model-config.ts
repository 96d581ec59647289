// The face model's settings, one place for the browser's worker (face-worker.ts) and Node's
// video scan (video/face-model.ts): @vladmandic/human with the face detector and the mesh only,
// on tfjs's WebAssembly backend, its files at `wasmPath` and `modelBasePath`.
import type { Config } from "@vladmandic/human";

export function faceModelConfig(wasmPath: string, modelBasePath: string): Partial<Config> {
  const off = { enabled: false };
  return {
    backend: "wasm",
    wasmPath,
    modelBasePath,
    warmup: "none",
    debug: false,
    filter: { ...off, return: false } as Config["filter"],
    gesture: off,
    body: off as Config["body"],
    hand: off as Config["hand"],
    object: off as Config["object"],
    segmentation: off as Config["segmentation"],
    face: {
      enabled: true,
      // The detector runs when the picture changed a lot or every 1.5 s; in between only the mesh
      // model runs, on the box the last mesh gave: the expensive half is skipped most times.
      detector: { rotation: false, maxDetected: 1, skipFrames: 30, skipTime: 1500, minConfidence: 0.3 },
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
