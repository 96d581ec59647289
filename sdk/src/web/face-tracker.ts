// Landmarks at the face model's own pace (up to 10 a second) for a frame loop that runs at the
// camera's: one frame at a time goes to the worker; its answer updates the regions, which are
// carried unchanged over the frames in between (landmark-filter.ts smooths the jitter).
import { CaptureError } from "./errors.js";
import type { FaceModelTimeline } from "./face-model-config.js";
import { regionLayouts, type RegionLayout } from "./face-regions.js";
import type { WorkerReply, WorkerRequest } from "./face-worker.js";
import { followLandmarks, type Landmarks } from "./landmark-filter.js";

/** A face is "lost" when the last answer found none, or the last face is this old. */
const STALE_MS = 1000;
/**
 * At most 10 refreshes a second: twice the rate the regions need, and it leaves CPU to the
 * page and the camera (the mesh model alone could run ~20 times a second here).
 */
const MIN_REFRESH_INTERVAL_MS = 100;

export type TrackedFace = { layouts: RegionLayout[]; at: number; speed: number };

export class FaceTracker {
  readonly #worker: Worker;
  #busy = false;
  #lastOffer = -Infinity;
  #nextId = 1;
  #landmarks?: Landmarks;
  #face?: TrackedFace;
  #lastAnswerFound = false;
  #lastFrameSize = { width: 0, height: 0 };
  /** A video file's frames waiting for their mesh (landmarksOf), by request id. */
  readonly #waiting = new Map<number, (mesh: Float32Array | undefined) => void>();
  #posting: Promise<void> = Promise.resolve();
  /** For the benchmark: model time of each answer (ms) and when it came. */
  readonly refreshes: { at: number; ms: number }[] = [];

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /**
   * Starts the worker and loads the model; resolves when it can take frames. `timeline`: how
   * the detector refreshes (face-model-config.ts): "live" for a camera, "frames" for a file.
   */
  static async start(
    assetsBaseUrl: string,
    signal: AbortSignal,
    timeline: FaceModelTimeline = "live",
  ): Promise<FaceTracker> {
    let worker: Worker;
    try {
      worker = new Worker(`${assetsBaseUrl}/sdk/face-worker.js`, { type: "module" });
    } catch (err) {
      throw new CaptureError("face-model", `cannot start the face model's worker: ${(err as Error).message}`, {
        cause: err,
      });
    }
    const tracker = new FaceTracker(worker);
    await new Promise<void>((resolve, reject) => {
      const fail = (message: string) => {
        worker.terminate();
        reject(new CaptureError("face-model", message));
      };
      signal.addEventListener("abort", () => fail("aborted while loading the face model"), { once: true });
      worker.onerror = (e) =>
        fail(`the face model's worker failed: ${e.message || `${assetsBaseUrl}/sdk/face-worker.js did not load`}`);
      worker.onmessage = (e: MessageEvent<WorkerReply>) => {
        if (e.data.type === "ready") resolve();
        else if (e.data.type === "failed")
          fail(`the face model did not load from ${assetsBaseUrl}/models/: ${e.data.message}`);
      };
      worker.postMessage({ type: "init", assetsBaseUrl, timeline } satisfies WorkerRequest);
    });
    worker.onmessage = (e: MessageEvent<WorkerReply>) => tracker.#answer(e.data);
    return tracker;
  }

  /** Hands this frame to the model unless it is busy with an earlier one or had one just now. */
  offer(video: HTMLVideoElement, now: number): void {
    if (this.#busy || now - this.#lastOffer < MIN_REFRESH_INTERVAL_MS) return;
    this.#busy = true;
    this.#lastOffer = now;
    this.#lastFrameSize = { width: video.videoWidth, height: video.videoHeight };
    const id = this.#nextId++;
    createImageBitmap(video).then(
      (frame) => this.#worker.postMessage({ type: "detect", id, frame } satisfies WorkerRequest, [frame]),
      () => {
        this.#busy = false;
      },
    );
  }

  /**
   * A video file's frame: its raw mesh (frame pixels), or undefined when no face is in it. The
   * worker answers in the order it is asked: the model sees every frame, in order, however
   * long each takes.
   */
  landmarksOf(frame: VideoFrame): Promise<Float32Array | undefined> {
    const id = this.#nextId++;
    // The copy starts now; the copies go to the worker in the order asked, whichever is ready first.
    const bitmap = createImageBitmap(frame);
    const mesh = new Promise<Float32Array | undefined>((resolve) => this.#waiting.set(id, resolve));
    this.#posting = this.#posting
      .then(() => bitmap)
      .then(
        (b) => this.#worker.postMessage({ type: "detect", id, frame: b } satisfies WorkerRequest, [b]),
        () => this.#answer({ type: "landmarks", id, score: 0, ms: 0 }),
      );
    return mesh;
  }

  #answer(reply: WorkerReply) {
    if (reply.type !== "landmarks") return;
    const at = performance.now();
    this.refreshes.push({ at, ms: reply.ms });
    const waiting = this.#waiting.get(reply.id);
    if (waiting) {
      this.#waiting.delete(reply.id);
      return waiting(reply.mesh);
    }
    this.#busy = false;
    this.#lastAnswerFound = !!reply.mesh;
    if (!reply.mesh) return;
    const { mesh, speed } = followLandmarks(this.#landmarks, reply.mesh, at);
    this.#landmarks = { mesh, at };
    this.#face = { layouts: regionLayouts(mesh, this.#lastFrameSize), at, speed };
  }

  /** The regions to sample now, or undefined while no face is in view. */
  current(now: number): TrackedFace | undefined {
    if (!this.#lastAnswerFound || !this.#face || now - this.#face.at > STALE_MS) return undefined;
    return this.#face;
  }

  stop(): void {
    this.#worker.terminate();
  }
}
