// A scan from a camera or a video in the browser: face model in a worker, skin regions sampled
// every frame, resampled to the capture's own rate, gzip on the device, then start, upload and
// complete with VitalsClient. docs/sdk.md shows a complete page.
import { includeQuery, VitalsClient } from "../client.js";
import { checkDemographics } from "../demographics.js";
import type { Demographics, FetchLike, Result, ResultInclude, WithMeta } from "../types.js";
import { captureFrames, type Captured } from "./capture-loop.js";
import { tensorFromCapture } from "./capture-tensor.js";
import { CaptureError } from "./errors.js";
import { Emitter, type CaptureEvents, type Listener } from "./events.js";
import { FaceTracker } from "./face-tracker.js";
import { captureFile } from "./file-capture.js";
import { type CaptureSource, playing, release, videoSecondsLeft } from "./playing.js";
import type { Mp4Frames } from "./mp4-frames.js";
import { cameraTrackOf, holdCameraSettings, type CameraHold } from "./camera-hold.js";
import { captureLengths, neededSeconds } from "./frame-judge.js";
import { sendScan } from "./send-scan.js";
import { StreamedScan, type StreamedUploadStats } from "./streamed-scan.js";
import { DEFAULT_CAPTURE_GRID, isTensorGrid, type TensorGrid } from "../tensor-grid.js";

export type CaptureOptions = {
  /**
   * A short-lived client token (or, server-side only, a ck_ key): sent as Authorization: Bearer.
   * Or a function that fetches one: called right before the session start (once the capture
   * has 3 usable seconds when it uploads while capturing, once it is done otherwise), so a token
   * minted with a short lifetime cannot expire while the person sits still.
   */
  credential: string | (() => string | Promise<string>);
  /** The service's address, e.g. https://api.example.com. */
  baseUrl: string;
  /** Where /sdk/face-worker.js and /models/ are served; the page's own origin by default. */
  assetsBaseUrl?: string;
  /** Seconds of capture (default 20; 6 to 120). */
  durationSeconds?: number;
  /** Seconds with a usable face a scan needs, or nothing is uploaded (default 60% of the duration, at least 5). */
  minUsableSeconds?: number;
  demographics?: Demographics;
  /**
   * Hold a camera's exposure and white balance where they are for the capture, where the
   * browser lets a page (default true); given back after. A video file is never touched.
   */
  holdCamera?: boolean;
  /**
   * What the result should carry besides the vitals: `["waveform"]` adds the service's pulse
   * and breathing waveforms (`result.waveforms`; docs/api.md, "Waveforms").
   */
  include?: readonly ResultInclude[];
  /**
   * Build, gzip and upload the tensor while a camera (or a played video) is captured, so only
   * the last chunk and the header are left when it ends (default true; docs/sdk.md, "Upload
   * while capturing"). The session then starts once 3 usable seconds are in.
   * A video file decoded frame by frame is always sent whole at the end.
   */
  uploadWhileCapturing?: boolean;
  /**
   * The grid the skin regions are sent on (docs/tensor-format.md): 36 by default (version 2, a
   * quarter of the bytes of 72, with the same reading: docs/benchmarks.md, "Smaller tensors"),
   * 24 or 18 for slower links, 72 for the version 1 format.
   */
  grid?: TensorGrid;
  /** Injected for tests or proxies; the global fetch by default. */
  fetch?: FetchLike;
};

export type { CaptureSource } from "./playing.js";

/** Per-frame sampling cost and landmark refreshes of the last capture (for benchmarks). */
export type CaptureStats = {
  sampleMs: number[];
  landmarkMs: number[];
  landmarkRefreshesPerSecond: number;
  frames: number;
  fps: number;
  /** The upload of a capture sent while capturing (or whole, when it could not be). */
  upload?: StreamedUploadStats;
  /** Seconds of the source's own timeline the capture went through, and the time that took. */
  sourceSeconds: number;
  wallSeconds: number;
  /** "decoded": a file decoded frame by frame; "played": a camera or video played in real time. */
  pace: "decoded" | "played";
};

export class VitalsCapture {
  readonly #source: CaptureSource;
  readonly #options: Required<Pick<CaptureOptions, "durationSeconds" | "assetsBaseUrl">> & CaptureOptions;
  readonly #grid: TensorGrid;
  readonly #client?: VitalsClient;
  readonly #events = new Emitter();
  readonly #abort = new AbortController();
  #started = false;
  #stats?: CaptureStats;
  #heldCameraSettings: readonly string[] = [];
  /** The tensor's frames and rate, from the `encoded` event, for `stats`. */
  #encodedFrames?: { frameCount: number; fps: number };

  constructor(source: CaptureSource, options: CaptureOptions) {
    // Checked here; the need itself is settled at start(), once a video file's length is known.
    const { durationSeconds } = captureLengths(options);
    checkDemographics(options.demographics);
    includeQuery(options.include);
    const assetsBaseUrl = (options.assetsBaseUrl ?? globalThis.location?.origin ?? options.baseUrl).replace(/\/+$/, "");
    this.#options = { ...options, durationSeconds, assetsBaseUrl };
    const grid = options.grid ?? DEFAULT_CAPTURE_GRID;
    if (!isTensorGrid(grid)) throw new RangeError(`grid ${String(grid)}: must be 72, 36, 24 or 18`);
    this.#grid = grid;
    // A token given as such is checked now; one fetched later, when it arrives.
    if (typeof options.credential === "string") this.#client = this.#clientFor(options.credential);
    else if (!URL.canParse(options.baseUrl))
      throw new TypeError(`baseUrl is not a URL: ${JSON.stringify(options.baseUrl)}`);
    this.#source = source;
    this.#events.on("encoded", ({ frameCount, fps }) => {
      this.#encodedFrames = { frameCount, fps };
    });
  }

  on<K extends keyof CaptureEvents>(type: K, listener: Listener<K>): () => void {
    return this.#events.on(type, listener);
  }

  /** Stops the capture (or the upload); start() then rejects with CaptureError "aborted". */
  abort(): void {
    this.#abort.abort(new CaptureError("aborted", "the capture was aborted"));
  }

  get stats(): CaptureStats | undefined {
    return this.#stats;
  }

  /** What the capture held of the camera ("exposureMode", "whiteBalanceMode"); empty when nothing. */
  get heldCameraSettings(): readonly string[] {
    return this.#heldCameraSettings;
  }

  /** Captures, uploads and answers the vitals; rejects with CaptureError (or the API's errors). */
  async start(): Promise<WithMeta<Result>> {
    if (this.#started) throw new Error("a VitalsCapture runs once: create another for the next scan");
    this.#started = true;
    const signal = this.#abort.signal;
    let tracker: FaceTracker | undefined;
    let owned: HTMLVideoElement | undefined;
    let hold: CameraHold | undefined;
    try {
      // abort() before start(): nothing runs.
      signal.throwIfAborted();
      this.#events.emit("stage", { stage: "loading-model" });
      const file = this.#source instanceof Blob ? await decodable(this.#source) : undefined;
      // The model first: a video file must not play past its start while the model loads.
      tracker = await FaceTracker.start(this.#options.assetsBaseUrl, signal, file ? "frames" : "live");
      let captured: Captured;
      let minUsableSeconds: number;
      let streamed: StreamedScan | undefined;
      const startedAt = performance.now();
      if (file) {
        this.#events.emit("stage", { stage: "capturing" });
        const durationSeconds = Math.min(this.#options.durationSeconds, file.seconds);
        minUsableSeconds = neededSeconds(this.#options.minUsableSeconds, durationSeconds);
        captured = await captureFile(file, tracker, this.#events, { durationSeconds, minUsableSeconds, signal });
      } else {
        const [video, ownVideo] = await playing(this.#source, signal);
        owned = ownVideo;
        this.#events.emit("stage", { stage: "capturing" });
        const durationSeconds = Math.min(this.#options.durationSeconds, videoSecondsLeft(video));
        // A video file shorter than the duration: the default need follows what it can give.
        minUsableSeconds = neededSeconds(this.#options.minUsableSeconds, durationSeconds);
        if (this.#options.holdCamera !== false) {
          hold = await holdCameraSettings(cameraTrackOf(video));
          this.#heldCameraSettings = hold.held;
        }
        if (this.#options.uploadWhileCapturing !== false) {
          const { demographics, include } = this.#options;
          streamed = new StreamedScan(() => this.#clientNow(signal), {
            demographics,
            include,
            signal,
            minUsableSeconds,
            durationSeconds,
            grid: this.#grid,
          });
        }
        const onFrame = streamed?.frame.bind(streamed);
        captured = await captureFrames(video, tracker, this.#events, {
          durationSeconds,
          minUsableSeconds,
          signal,
          onFrame,
        });
      }
      const pace = { wallSeconds: (performance.now() - startedAt) / 1000, pace: file ? "decoded" : "played" } as const;
      tracker.stop();
      await hold?.release();
      hold = undefined;
      if (captured.usableSeconds < minUsableSeconds) {
        // A session started while capturing spent its scan; what it uploaded goes with it.
        const scanUsed = streamed?.started ?? false;
        const sent = scanUsed ? "the session's partial upload is abandoned" : "nothing was uploaded";
        throw new CaptureError(
          "not-enough-signal",
          `not enough usable signal: ${captured.usableSeconds.toFixed(1)} s with a well-lit, steady face, ${minUsableSeconds} s needed; ${sent}`,
          { scanUsed },
        );
      }
      if (streamed) {
        const result = await streamed.finish(captured, this.#events);
        this.#recordStats(captured, tracker, pace, streamed.stats);
        this.#events.emit("done", { result });
        return result;
      }
      this.#events.emit("stage", { stage: "encoding" });
      const tensor = await this.#encode(captured, tracker, pace);
      this.#events.emit("stage", { stage: "uploading" });
      const client = await this.#clientNow(signal);
      const { demographics, include } = this.#options;
      const result = await sendScan(client, tensor, { demographics, include, signal }, this.#events);
      this.#events.emit("done", { result });
      return result;
    } catch (err) {
      const error = signal.aborted ? (signal.reason as CaptureError) : (err as Error);
      this.#events.emit("error", { error });
      throw error;
    } finally {
      tracker?.stop();
      await hold?.release();
      if (owned) release(owned);
    }
  }

  #clientFor(credential: string): VitalsClient {
    return new VitalsClient({ credential, baseUrl: this.#options.baseUrl, fetch: this.#options.fetch });
  }

  /** The client: for the credential given, or one the caller's function fetches now. */
  #clientNow(signal: AbortSignal): Promise<VitalsClient> {
    return this.#client ? Promise.resolve(this.#client) : this.#fetchedClient(signal);
  }

  /** The client for a credential the caller's function fetches now (after the capture, or once a streamed capture needs its session). */
  async #fetchedClient(signal: AbortSignal): Promise<VitalsClient> {
    const credential = await (this.#options.credential as () => string | Promise<string>)();
    signal.throwIfAborted();
    if (typeof credential !== "string")
      throw new TypeError(`the credential function gave ${typeof credential}, not a client token`);
    return this.#clientFor(credential);
  }

  /** The tensor (capture-tensor.ts), and the figures of the capture for `stats`. */
  async #encode(
    captured: Captured,
    tracker: FaceTracker,
    pace: Pick<CaptureStats, "wallSeconds" | "pace">,
  ): Promise<Uint8Array> {
    const { tensor, fps, frameCount, timestamps } = await tensorFromCapture(captured, undefined, this.#grid);
    this.#events.emit("encoded", { tensor, fps, frameCount, timestamps });
    this.#recordStats(captured, tracker, pace);
    return tensor;
  }

  #recordStats(
    captured: Captured,
    tracker: FaceTracker,
    pace: Pick<CaptureStats, "wallSeconds" | "pace">,
    upload?: StreamedUploadStats,
  ): void {
    const refreshes = tracker.refreshes;
    const spanS = refreshes.length > 1 ? (refreshes[refreshes.length - 1]!.at - refreshes[0]!.at) / 1000 : 0;
    this.#stats = {
      sampleMs: captured.sampleMs,
      landmarkMs: refreshes.map((r) => r.ms),
      landmarkRefreshesPerSecond: spanS > 0 ? (refreshes.length - 1) / spanS : 0,
      frames: this.#encodedFrames?.frameCount ?? captured.frames.length,
      fps: this.#encodedFrames?.fps ?? 0,
      sourceSeconds: (captured.timestamps[captured.timestamps.length - 1]! - captured.timestamps[0]!) / 1000,
      ...pace,
      ...(upload ? { upload } : {}),
    };
  }
}

/** The file's frames, decoded, or undefined when it is played instead (mp4-frames.ts). */
async function decodable(file: Blob): Promise<Mp4Frames | undefined> {
  // Loaded only for a file: a camera page does not download the MP4 reader.
  const { Mp4Frames } = await import("./mp4-frames.js");
  return Mp4Frames.open(file);
}
