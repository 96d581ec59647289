// The tensor built while the capture runs (docs/sdk.md, "Upload while capturing"): each frame,
// from the first usable one on, is resampled onto the tensor's uniform rate as soon as the
// frame after its slot arrives, checksummed and gzipped, and the compressed bytes go out
// (to the upload) as the compressor gives them. The rate is the camera's, measured over the
// first LOCK_FRAMES frames (the whole-capture path measures it over all of them); the header,
// whose frame count, body length and CRC only the end knows, comes last.
import { crc32Update, tensorHeader } from "../encode-tensor.js";
import { poolFrame, type TensorGrid } from "../tensor-grid.js";
import { blendFrames, measuredFps } from "./resample.js";
import { FRAME_BYTES } from "./skin-frame.js";

/** Frames (about 1 s at 30 fps) whose times give the tensor its rate. */
export const LOCK_FRAMES = 30;

export type StreamedTensor = {
  header: Uint8Array;
  fps: number;
  frameCount: number;
  /** Capture times (ms) of the frames the tensor was resampled from. */
  timestamps: number[];
};

export class StreamingTensor {
  readonly #out: (bytes: Uint8Array) => void;
  readonly #maxSeconds: number;
  readonly #grid: TensorGrid;
  readonly #timestamps: number[] = [];
  /** Frames before the rate is known. */
  #early: { frame: Uint8Array; t: number }[] = [];
  #fps = 0;
  #t0 = 0;
  #previous?: { frame: Uint8Array; t: number };
  #frameCount = 0;
  #crc = 0;
  #bodyLength = 0;
  #writer?: WritableStreamDefaultWriter<BufferSource>;
  #drained?: Promise<void>;
  /** Why this capture cannot be streamed (the caller then sends the whole tensor). */
  unusable?: string;

  /**
   * `out` gets the gzipped body as it is made; `maxSeconds` bounds the capture; `grid`: the
   * tensor's (72, or a version 2 one each frame is pooled onto).
   */
  constructor(out: (bytes: Uint8Array) => void, maxSeconds: number, grid: TensorGrid = 72) {
    this.#out = out;
    this.#maxSeconds = maxSeconds;
    this.#grid = grid;
  }

  /** True once the rate is known and bytes are being made. */
  get streaming(): boolean {
    return this.#fps > 0 && !this.unusable;
  }

  /** One captured frame; the tensor starts at the first usable one. */
  push(frame: Uint8Array, t: number, usable: boolean): void {
    if (this.unusable) return;
    if (this.#timestamps.length === 0 && !usable) return;
    this.#timestamps.push(t);
    if (this.#fps > 0) {
      this.#resample(frame, t);
      return;
    }
    this.#early.push({ frame, t });
    if (this.#early.length < LOCK_FRAMES) return;
    const fps = Math.fround(measuredFps(this.#early.map((e) => e.t)));
    // The tensor's bounds (docs/tensor-format.md), with room for a camera a little faster than measured.
    if (!(fps >= 10 && fps <= 120) || fps * this.#maxSeconds * 1.05 > 3600) {
      this.unusable = `a ${fps.toFixed(1)} fps capture of ${this.#maxSeconds} s does not fit a tensor at its own rate`;
      return;
    }
    this.#fps = fps;
    this.#t0 = this.#early[0]!.t;
    this.#open();
    for (const e of this.#early) this.#resample(e.frame, e.t);
    this.#early = [];
  }

  #open(): void {
    const gzip = new CompressionStream("gzip");
    this.#writer = gzip.writable.getWriter();
    const reader = gzip.readable.getReader();
    this.#drained = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        this.#bodyLength += value.byteLength;
        this.#out(value);
      }
    })();
  }

  /** Every slot of the uniform grid up to `t`, interpolated between the frame before and this one. */
  #resample(frame: Uint8Array, t: number): void {
    const step = 1000 / this.#fps;
    for (;;) {
      const target = this.#t0 + this.#frameCount * step;
      if (target > t) break;
      const out = new Uint8Array(FRAME_BYTES);
      const prev = this.#previous;
      if (!prev || prev.t >= t) out.set(frame);
      else blendFrames(prev.frame, frame, Math.min(1, Math.max(0, (target - prev.t) / (t - prev.t))), out);
      this.#emit(out);
    }
    this.#previous = { frame, t };
  }

  #emit(full: Uint8Array): void {
    const frame = poolFrame(full, this.#grid);
    this.#crc = crc32Update(this.#crc, frame);
    this.#frameCount++;
    void this.#writer!.write(frame as Uint8Array<ArrayBuffer>);
  }

  /**
   * Flushes the compressor and answers the header, or null (with `unusable` set) when the
   * capture makes no valid tensor this way. `endedAt`: Unix seconds of the last frame.
   */
  async end(endedAt: number): Promise<StreamedTensor | null> {
    if (!this.streaming) {
      this.unusable ??= "the capture ended before its rate was known";
      await this.#writer?.abort().catch(() => undefined);
      return null;
    }
    await this.#writer!.close();
    await this.#drained;
    const seconds = this.#frameCount / this.#fps;
    if (this.#frameCount < 150 || this.#frameCount > 3600 || seconds < 5 || seconds > 120) {
      this.unusable = `${this.#frameCount} frames at ${this.#fps.toFixed(2)} fps is not a tensor`;
      return null;
    }
    const span = (this.#timestamps[this.#timestamps.length - 1]! - this.#t0) / 1000;
    const header = tensorHeader({
      frameCount: this.#frameCount,
      fps: this.#fps,
      gzip: true,
      bodyLength: this.#bodyLength,
      crc: this.#crc,
      captureStartedAt: Math.max(0, Math.floor(endedAt - span)),
      grid: this.#grid,
    });
    return { header, fps: this.#fps, frameCount: this.#frameCount, timestamps: this.#timestamps };
  }
}
