import zlib from "node:zlib";
import { crc32 } from "./crc32.js";
import { inflateCapped } from "./inflate-capped.js";
import {
  CHANNELS,
  COARSE_VERSION,
  FLAG_GZIP,
  FORMAT_VERSION,
  HEADER_BYTES,
  TensorError,
  WIDTH,
  frameBytesOf,
  parseHeader,
  type TensorHeader,
} from "./tensor-format.js";
import { upsampleToFull } from "./tensor-grid.js";

export type EncodeOptions = {
  frameCount: number;
  fps: number;
  gzip?: boolean;
  captureStartedAt?: number;
  /** The frames' grid: 72 (version 1, the default) or a coarse one (version 2). */
  grid?: number;
};

/** Builds a payload byte-exact to docs/tensor-format.md (used by tests, SDK and benchmarks). */
export function encodeTensor(frames: Uint8Array, opts: EncodeOptions): Buffer {
  const grid = opts.grid ?? WIDTH;
  if (frames.length !== opts.frameCount * frameBytesOf(grid)) {
    throw new RangeError(`frames is ${frames.length} bytes, expected frameCount * ${frameBytesOf(grid)}`);
  }
  const body = opts.gzip ? zlib.gzipSync(frames, { level: 1 }) : frames;
  const out = Buffer.allocUnsafe(HEADER_BYTES + body.length);
  out.write("RPPG", 0, "ascii");
  out.writeUInt16LE(grid === WIDTH ? FORMAT_VERSION : COARSE_VERSION, 4);
  out.writeUInt16LE(opts.gzip ? FLAG_GZIP : 0, 6);
  out.writeUInt32LE(opts.frameCount, 8);
  out.writeFloatLE(opts.fps, 12);
  out.writeUInt16LE(grid, 16);
  out.writeUInt16LE(grid, 18);
  out.writeUInt16LE(CHANNELS, 20);
  out.writeUInt8(0, 22);
  out.writeUInt8(0, 23);
  out.writeUInt32LE(body.length, 24);
  out.writeUInt32LE(crc32(frames), 28);
  out.writeUInt32LE(opts.captureStartedAt ?? 0, 32);
  out.set(body, HEADER_BYTES);
  return out;
}

export type DecodedTensor = {
  header: TensorHeader;
  /** uint8 [frameCount, 12, 72, 72] (a coarse grid's upsampled); a view into the input when raw at 72. */
  frames: Uint8Array;
  timings: { inflate_ms: number; crc_ms: number };
};

/** Validates and unpacks a payload. Rejects only with TensorError. */
export async function decodeTensor(buf: Uint8Array): Promise<DecodedTensor> {
  const header = parseHeader(buf);
  const body = buf.subarray(HEADER_BYTES);
  const expected = header.frameCount * frameBytesOf(header.width);
  let t = performance.now();
  const inflated = header.gzip ? await inflateCapped(body, expected) : undefined;
  const stored = inflated?.data ?? body;
  const inflate_ms = performance.now() - t;
  t = performance.now();
  // A gzip body was checksummed chunk by chunk during inflation (crc_ms ~ 0 then).
  const actual = inflated ? inflated.crc : crc32(stored);
  const crc_ms = performance.now() - t;
  if (actual !== header.bodyCrc32) {
    throw new TensorError("CRC_MISMATCH", `body CRC-32 ${hex(actual)} does not match header ${hex(header.bodyCrc32)}`);
  }
  return { header, frames: upsampleToFull(stored, header.frameCount, header.width), timings: { inflate_ms, crc_ms } };
}

const hex = (n: number) => `0x${n.toString(16).padStart(8, "0")}`;
