// The upload tensor's byte layout (docs/tensor-format.md). Little-endian throughout.
// sdk/src/tensor.ts and sdk/src/encode-tensor.ts restate the header layout on purpose: the SDK
// must not depend on this package (it ships to browsers without onnxruntime). Tests check the
// two agree (sdk/src/encode-tensor.test.ts decodes the SDK's tensors with decodeTensor).

export const HEADER_BYTES = 36;
export const MAGIC = "RPPG";
export const FORMAT_VERSION = 1;
/** Version 2: the same regions on a coarser square grid (docs/tensor-format.md, "Version 2"). */
export const COARSE_VERSION = 2;
export const FLAG_GZIP = 1;
export const WIDTH = 72;
export const HEIGHT = 72;
/** The grids a version 2 tensor may use: 72 divided by 2, 3 or 4. */
export const COARSE_GRIDS = [36, 24, 18] as const;
export const CHANNELS = 12;
export const REGIONS = 4;
export const PLANE_BYTES = WIDTH * HEIGHT; // 5,184
export const FRAME_BYTES = CHANNELS * PLANE_BYTES; // 62,208

/** Bytes of one frame of a tensor whose planes are `grid` x `grid` pixels. */
export const frameBytesOf = (grid: number) => CHANNELS * grid * grid;
/** Inclusive ranges of frame_count, fps and the capture length they imply (seconds). */
export const FRAMES = { min: 150, max: 3600 } as const;
/**
 * A gzip body may inflate to at most this many times the bytes read of it so far, plus one MiB
 * (docs/tensor-format.md, "Compression"): camera data inflates about 2x (a face nine tenths masked ~20x), a gzip bomb ~1000x.
 * Checked as the stream runs, so a bomb costs a few MiB of inflating, never its whole size.
 */
export const MAX_INFLATE_RATIO = 32;
export const inflateAllowance = (readBytes: number) => readBytes * MAX_INFLATE_RATIO + (1 << 20);
export const FPS = { min: 10, max: 120 } as const;
export const SECONDS = { min: 5, max: 120 } as const;
export const MIN_FRAMES = FRAMES.min;

export const TENSOR_ERROR_CODES = [
  "TRUNCATED",
  "BAD_MAGIC",
  "BAD_VERSION",
  "BAD_FLAGS",
  "BAD_FRAME_COUNT",
  "BAD_FPS",
  "BAD_DURATION",
  "BAD_DIMENSIONS",
  "BAD_DTYPE",
  "BAD_LAYOUT",
  "BAD_BODY_LENGTH",
  "BAD_GZIP",
  "BODY_TOO_LARGE",
  "BODY_SIZE_MISMATCH",
  "CRC_MISMATCH",
] as const;

export type TensorErrorCode = (typeof TENSOR_ERROR_CODES)[number];

/** Every rule violation of the tensor format; the service maps any of them to fallback vitals. */
export class TensorError extends Error {
  readonly code: TensorErrorCode;
  constructor(code: TensorErrorCode, message: string) {
    super(message);
    this.name = "TensorError";
    this.code = code;
  }
}

export type TensorHeader = {
  version: number;
  flags: number;
  gzip: boolean;
  frameCount: number;
  fps: number;
  width: number;
  height: number;
  channels: number;
  dtype: number;
  layout: number;
  bodyLength: number;
  bodyCrc32: number;
  captureStartedAt: number;
};

/**
 * Reads and validates the 36-byte header. `storedBodyBytes`: the body's size when `buf` is the
 * header alone (a body reduced as it arrived); otherwise the bytes after the header in `buf`.
 */
export function parseHeader(buf: Uint8Array, storedBodyBytes?: number): TensorHeader {
  if (buf.length < HEADER_BYTES) {
    throw new TensorError("TRUNCATED", `payload is ${buf.length} bytes, header needs ${HEADER_BYTES}`);
  }
  const v = new DataView(buf.buffer, buf.byteOffset, HEADER_BYTES);
  const magic = String.fromCharCode(buf[0], buf[1], buf[2], buf[3]);
  if (magic !== MAGIC) throw new TensorError("BAD_MAGIC", "payload does not start with RPPG");
  const h: TensorHeader = {
    version: v.getUint16(4, true),
    flags: v.getUint16(6, true),
    gzip: false,
    frameCount: v.getUint32(8, true),
    fps: v.getFloat32(12, true),
    width: v.getUint16(16, true),
    height: v.getUint16(18, true),
    channels: v.getUint16(20, true),
    dtype: v.getUint8(22),
    layout: v.getUint8(23),
    bodyLength: v.getUint32(24, true),
    bodyCrc32: v.getUint32(28, true),
    captureStartedAt: v.getUint32(32, true),
  };
  h.gzip = (h.flags & FLAG_GZIP) !== 0;
  if (h.version !== FORMAT_VERSION && h.version !== COARSE_VERSION) {
    throw new TensorError("BAD_VERSION", `version ${h.version} is not 1 or 2`);
  }
  if ((h.flags & ~FLAG_GZIP) !== 0) throw new TensorError("BAD_FLAGS", `unknown flag bits 0x${h.flags.toString(16)}`);
  if (h.frameCount < FRAMES.min || h.frameCount > FRAMES.max) {
    throw new TensorError("BAD_FRAME_COUNT", `frame_count ${h.frameCount} outside ${FRAMES.min}..${FRAMES.max}`);
  }
  if (!Number.isFinite(h.fps) || h.fps < FPS.min || h.fps > FPS.max) {
    throw new TensorError("BAD_FPS", `fps ${h.fps} outside ${FPS.min}..${FPS.max}`);
  }
  const seconds = h.frameCount / h.fps;
  if (seconds < SECONDS.min || seconds > SECONDS.max) {
    throw new TensorError(
      "BAD_DURATION",
      `capture of ${seconds.toFixed(2)} s outside ${SECONDS.min}..${SECONDS.max} s`,
    );
  }
  if (h.version === FORMAT_VERSION && (h.width !== WIDTH || h.height !== HEIGHT || h.channels !== CHANNELS)) {
    throw new TensorError("BAD_DIMENSIONS", `dimensions ${h.width}x${h.height}x${h.channels}, expected 72x72x12`);
  }
  const coarse = (COARSE_GRIDS as readonly number[]).includes(h.width);
  if (h.version === COARSE_VERSION && (!coarse || h.height !== h.width || h.channels !== CHANNELS)) {
    throw new TensorError(
      "BAD_DIMENSIONS",
      `dimensions ${h.width}x${h.height}x${h.channels}, expected NxNx12 with N one of ${COARSE_GRIDS.join(", ")} in version 2`,
    );
  }
  if (h.dtype !== 0) throw new TensorError("BAD_DTYPE", `dtype ${h.dtype} is not 0 (uint8)`);
  if (h.layout !== 0) throw new TensorError("BAD_LAYOUT", `layout ${h.layout} is not 0`);
  const stored = storedBodyBytes ?? buf.length - HEADER_BYTES;
  if (h.bodyLength !== stored) {
    throw new TensorError("BAD_BODY_LENGTH", `body_length ${h.bodyLength} but ${stored} body bytes present`);
  }
  const expected = h.frameCount * frameBytesOf(h.width);
  if (!h.gzip && h.bodyLength !== expected) {
    throw new TensorError("BODY_SIZE_MISMATCH", `raw body is ${h.bodyLength} bytes, expected ${expected}`);
  }
  return h;
}
