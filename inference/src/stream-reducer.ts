// A tensor reduced as it arrives (docs/inference.md, "Reduced as it arrives"): the body's bytes,
// in order and in pieces of any size, are inflated (when gzip) and each whole frame is reduced
// at once to what the committed model's per-frame part computes, its regions' skin means and
// skin shares, then dropped: the frames never lie whole in memory. When the header comes (last,
// in a chunked upload) it is checked against what arrived (body length, frame count, CRC) and
// the model's temporal part (POS, PBV) and the vitals run on the means alone. Only valid for
// the committed model, whose per-frame reduction this restates; any other model reads the file.
import zlib from "node:zlib";
import { crc32Update } from "./crc32.js";
import { pulseProjections } from "./dsp/pulse-projections.js";
import type { ModelOutput } from "./model-runner.js";
import {
  FRAMES,
  inflateAllowance,
  MAX_INFLATE_RATIO,
  PLANE_BYTES,
  REGIONS,
  TensorError,
  WIDTH,
  frameBytesOf,
  parseHeader,
  type TensorHeader,
} from "./tensor-format.js";

/** What the reduction hands the vitals: the model's outputs for the whole capture. */
export type ReducedTensor = { header: TensorHeader; output: ModelOutput };

const GZIP_MAGIC = [0x1f, 0x8b];

export class StreamReducer {
  #gzip?: boolean;
  #head?: Uint8Array;
  #inflater?: zlib.Gunzip;
  #inflated?: Promise<void>;
  readonly #grid: number;
  readonly #frame: Uint8Array;
  #filled = 0;
  #crc = 0;
  #frames = 0;
  #stored = 0;
  #inflatedBytes = 0;
  readonly #rgb: number[] = [];
  readonly #skin: number[] = [];
  /** Why this stream cannot be measured from its reduction (the file is read instead). */
  failed?: string;
  /** Set when the body inflates past MAX_INFLATE_RATIO: no tensor, whatever the file says. */
  bomb = false;

  /**
   * `grid`: the planes' size the client announced (72, or a version 2 grid); a header that
   * names another leaves the reduction unused (the file is read instead).
   */
  constructor(grid: number = WIDTH) {
    this.#grid = grid;
    this.#frame = new Uint8Array(frameBytesOf(grid));
  }

  /** The bytes of the body as stored (gzip or raw), in order. */
  async write(bytes: Uint8Array): Promise<void> {
    if (this.failed || bytes.byteLength === 0) return;
    if (this.#gzip === undefined) {
      // Two bytes tell; a first piece of one byte waits for the next.
      const head = this.#head ? concat(this.#head, bytes) : bytes;
      if (head.byteLength < 2) {
        this.#head = head;
        return;
      }
      this.#head = undefined;
      bytes = head;
      // A raw body could begin with these two bytes too: the header (checked at the end) settles it.
      this.#gzip = head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
      if (this.#gzip) this.#openInflater();
    }
    this.#stored += bytes.byteLength;
    if (!this.#gzip) return this.#take(bytes);
    const inflater = this.#inflater!;
    // Settles once zlib has inflated these bytes (so a bomb is known when the chunk is answered,
    // whatever the stream's buffer size), or once the stream ended or failed: zlib takes nothing
    // more after the gzip stream's end (bytes past it are not the tensor's).
    await new Promise<void>((resolve) => {
      inflater.write(bytes, () => resolve());
      void this.#inflated!.then(resolve);
    });
  }

  /** Stops the reduction: what is queued is dropped, nothing more is inflated or reduced. */
  abort(why: string): void {
    this.failed ??= why;
    this.#inflater?.destroy();
  }

  #openInflater(): void {
    const inflater = zlib.createGunzip({ chunkSize: 1 << 18 });
    inflater.on("data", (piece: Buffer) => {
      if (this.failed) return;
      this.#inflatedBytes += piece.byteLength;
      // Checked as it runs: a bomb stops here, a few MiB in, not at the frame maximum.
      if (this.#inflatedBytes > inflateAllowance(this.#stored)) {
        this.bomb = true;
        return this.abort(`gzip body inflates more than ${MAX_INFLATE_RATIO}x its size`);
      }
      this.#take(piece);
    });
    this.#inflated = new Promise<void>((resolve) => {
      inflater.on("end", resolve);
      // Destroyed by abort(): neither 'end' nor 'error' comes, and a write waiting for room stops.
      inflater.on("close", resolve);
      inflater.on("error", (e: Error) => {
        this.failed ??= `gzip body is invalid: ${e.message}`;
        resolve();
      });
    });
    this.#inflater = inflater;
  }

  /** Inflated bytes: whole frames are reduced and forgotten; a partial frame waits for the rest. */
  #take(bytes: Uint8Array): void {
    let at = 0;
    while (at < bytes.byteLength && !this.failed) {
      const frameBytes = this.#frame.byteLength;
      const n = Math.min(frameBytes - this.#filled, bytes.byteLength - at);
      this.#frame.set(bytes.subarray(at, at + n), this.#filled);
      this.#filled += n;
      at += n;
      if (this.#filled < frameBytes) break;
      this.#crc = crc32Update(this.#crc, this.#frame);
      reduceFrame(this.#frame, this.#rgb, this.#skin, this.#grid * this.#grid);
      this.#filled = 0;
      // A body past the most frames a header may name is no tensor (and no gzip bomb is inflated on).
      if (++this.#frames > FRAMES.max) {
        this.failed = `the body holds more than ${FRAMES.max} frames`;
        this.#inflater?.destroy();
      }
    }
  }

  /**
   * The header closes the body: checked as the whole-file decoder checks it (docs/tensor-format.md),
   * against the bytes and frames that arrived. Throws TensorError for a tensor that breaks a rule;
   * answers null when the reduction cannot stand for the file (read the file instead).
   */
  async finish(headerBytes: Uint8Array): Promise<ReducedTensor | null> {
    if (this.#head) return null;
    if (this.#inflater && !this.failed) {
      this.#inflater.end();
      await this.#inflated;
    }
    if (this.bomb) throw new TensorError("BODY_TOO_LARGE", this.failed!);
    if (this.failed) return null;
    const header = parseHeader(headerBytes, this.#stored);
    // The first bytes looked like gzip (or did not), or the grid was not the one announced: read the file.
    if (header.gzip !== this.#gzip || header.width !== this.#grid) return null;
    const expected = header.frameCount * this.#frame.byteLength;
    const inflatedBytes = this.#frames * this.#frame.byteLength + this.#filled;
    if (inflatedBytes !== expected) {
      throw new TensorError("BODY_SIZE_MISMATCH", `body is ${inflatedBytes} bytes once inflated, expected ${expected}`);
    }
    if (this.#crc !== header.bodyCrc32) {
      throw new TensorError("CRC_MISMATCH", `body CRC-32 does not match the header's`);
    }
    const frames = header.frameCount;
    const rgbMeans = Float32Array.from(this.#rgb);
    const { pos, pbv } = pulseProjections(rgbMeans, frames, header.fps);
    return {
      header,
      output: { frames, rgbMeans, skinFraction: Float32Array.from(this.#skin), pulse: pos, pulsePbv: pbv },
    };
  }
}

/**
 * The committed model's per-frame part (docs/inference.md, "Model contract"): per region, the
 * mean colour over its skin pixels (a pixel of exactly (0,0,0) is not skin; 0 when none) and
 * the share of its pixels that are skin. Sums are exact integers, as the model's are. A coarse
 * grid's planes (`planeBytes` < 5,184) give what the model gives for them upsampled.
 */
export function reduceFrame(frame: Uint8Array, rgb: number[], skin: number[], planeBytes = PLANE_BYTES): void {
  for (let r = 0; r < REGIONS; r++) {
    const R = 3 * r * planeBytes;
    const G = R + planeBytes;
    const B = G + planeBytes;
    let sr = 0;
    let sg = 0;
    let sb = 0;
    let n = 0;
    for (let p = 0; p < planeBytes; p++) {
      const red = frame[R + p]!;
      const green = frame[G + p]!;
      const blue = frame[B + p]!;
      if ((red | green | blue) === 0) continue;
      sr += red;
      sg += green;
      sb += blue;
      n++;
    }
    if (n === 0) rgb.push(0, 0, 0);
    else rgb.push(Math.fround(sr / n), Math.fround(sg / n), Math.fround(sb / n));
    skin.push(Math.fround(n / planeBytes));
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a);
  out.set(b, a.byteLength);
  return out;
}
