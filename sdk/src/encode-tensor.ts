// Packs the skin-region frames a capture produced into the upload format (docs/tensor-format.md),
// in the browser or in Node: DataView for the header, CompressionStream for gzip, a table CRC-32.

import { TENSOR_HEADER_BYTES, TENSOR_MAGIC, TENSOR_SHAPE } from "./tensor.js";
import { frameBytesOfGrid, isTensorGrid, poolFrame, type TensorGrid } from "./tensor-grid.js";

const { width: WIDTH, channels: CHANNELS } = TENSOR_SHAPE;
export const TENSOR_FRAME_BYTES = CHANNELS * WIDTH * WIDTH; // 62,208

export type EncodeTensorOptions = {
  /** Frames per second of the capture (10 to 120). */
  fps: number;
  /** gzip the body: about half the upload for camera data, some CPU on the device. */
  gzip?: boolean;
  /** Unix seconds on the device clock when capture started; 0 or absent if unknown. */
  captureStartedAt?: number;
  /** The deployment's upload limit (`MAX_TENSOR_BYTES`; 128 MiB by default). */
  maxBytes?: number;
  /**
   * The grid the regions are sent on: 72 (version 1, the default) or a coarser one of version 2
   * (36, 24, 18), pooled here from the 72x72 frames: 4 to 16 times fewer bytes.
   */
  grid?: TensorGrid;
};

export const DEFAULT_MAX_TENSOR_BYTES = 128 * 1024 * 1024;

/**
 * `frames`: uint8 [T, 12, 72, 72], planar: plane c is region c / 3 (forehead, left cheek, right
 * cheek, whole-face skin) and colour c % 3 (red, green, blue); a pixel of exactly (0,0,0) is
 * "not skin". Throws RangeError for input the service would reject, so a bad capture is found
 * on the device instead of costing a scan.
 */
export async function encodeTensor(frames: Uint8Array, opts: EncodeTensorOptions): Promise<Uint8Array> {
  const frameCount = frames.byteLength / TENSOR_FRAME_BYTES;
  if (!Number.isInteger(frameCount))
    throw new RangeError(
      `frames is ${frames.byteLength} bytes: not a whole number of ${TENSOR_FRAME_BYTES}-byte frames`,
    );
  if (frameCount < 150 || frameCount > 3600) throw new RangeError(`${frameCount} frames: a capture has 150 to 3600`);
  if (!Number.isFinite(opts.fps) || opts.fps < 10 || opts.fps > 120)
    throw new RangeError(`fps ${opts.fps}: must be 10 to 120`);
  const seconds = frameCount / Math.fround(opts.fps);
  if (seconds < 5 || seconds > 120) throw new RangeError(`${seconds.toFixed(1)} s of capture: must be 5 to 120 s`);
  const started = opts.captureStartedAt ?? 0;
  if (!Number.isInteger(started) || started < 0 || started > 0xffffffff)
    throw new RangeError("captureStartedAt: whole Unix seconds");

  const grid = opts.grid ?? WIDTH;
  if (!isTensorGrid(grid)) throw new RangeError(`grid ${grid}: must be 72, 36, 24 or 18`);
  const sent = poolFrames(frames, frameCount, grid);
  const body = opts.gzip ? await gzip(sent) : sent;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_TENSOR_BYTES;
  if (TENSOR_HEADER_BYTES + body.byteLength > maxBytes)
    throw new RangeError(
      `${TENSOR_HEADER_BYTES + body.byteLength} bytes: over the ${maxBytes}-byte upload limit${opts.gzip ? "" : " (pass gzip: true: a camera's regions about halve)"}`,
    );
  const out = new Uint8Array(TENSOR_HEADER_BYTES + body.byteLength);
  out.set(
    tensorHeader({
      frameCount,
      fps: opts.fps,
      gzip: opts.gzip === true,
      bodyLength: body.byteLength,
      crc: crc32(sent),
      captureStartedAt: started,
      grid,
    }),
    0,
  );
  out.set(body, TENSOR_HEADER_BYTES);
  return out;
}

export type HeaderFields = {
  frameCount: number;
  fps: number;
  gzip: boolean;
  /** Bytes of the body as sent (compressed when gzip). */
  bodyLength: number;
  /** CRC-32 of the uncompressed body. */
  crc: number;
  captureStartedAt: number;
  /** The planes' grid: 72 (version 1, the default) or a version 2 one. */
  grid?: TensorGrid;
};

/** Every frame of a [T, 12, 72, 72] capture on `grid` (the frames themselves at 72). */
function poolFrames(frames: Uint8Array, frameCount: number, grid: TensorGrid): Uint8Array {
  if (grid === WIDTH) return frames;
  const size = frameBytesOfGrid(grid);
  const out = new Uint8Array(frameCount * size);
  for (let t = 0; t < frameCount; t++) {
    const frame = frames.subarray(t * TENSOR_FRAME_BYTES, (t + 1) * TENSOR_FRAME_BYTES);
    poolFrame(frame, grid, out.subarray(t * size, (t + 1) * size));
  }
  return out;
}

/** The 36-byte header (docs/tensor-format.md); a chunked upload sends it last. */
export function tensorHeader(h: HeaderFields): Uint8Array {
  const out = new Uint8Array(TENSOR_HEADER_BYTES);
  const header = new DataView(out.buffer, 0, TENSOR_HEADER_BYTES);
  out.set(TENSOR_MAGIC, 0);
  const grid = h.grid ?? WIDTH;
  header.setUint16(4, grid === WIDTH ? 1 : 2, true); // version
  header.setUint16(6, h.gzip ? 1 : 0, true); // flags: bit 0 = gzip
  header.setUint32(8, h.frameCount, true);
  header.setFloat32(12, h.fps, true);
  header.setUint16(16, grid, true);
  header.setUint16(18, grid, true);
  header.setUint16(20, CHANNELS, true);
  // 22 dtype and 23 layout stay 0 (uint8, 4 regions x RGB planar).
  header.setUint32(24, h.bodyLength, true);
  header.setUint32(28, h.crc, true);
  header.setUint32(32, h.captureStartedAt, true);
  return out;
}

async function gzip(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

let table: Uint32Array | undefined;

/** CRC-32 (IEEE 802.3, as zlib and the service compute it). */
export function crc32(data: Uint8Array): number {
  return crc32Update(0, data);
}

/** The CRC-32 of bytes so far (`crc`) extended by `data`: the body's CRC as it is captured. */
export function crc32Update(crc: number, data: Uint8Array): number {
  table ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let c = (crc ^ 0xffffffff) >>> 0;
  for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
