// A look at a prepared tensor's 36-byte header (docs/tensor-format.md) without the inference
// package, so a caller can catch "this is not a tensor" before spending a scan on it. The
// service itself never errors on a bad tensor: it answers fallback vitals with confidence 0.
// The header layout is restated from inference/src/tensor-format.ts on purpose: the SDK must
// not depend on the inference package (encode-tensor.test.ts checks that the two agree).

import { TENSOR_GRIDS } from "./tensor-grid.js";

export const TENSOR_HEADER_BYTES = 36;
export const TENSOR_MAGIC = [0x52, 0x50, 0x50, 0x47]; // "RPPG"
/** Each frame: 12 planes (4 regions x RGB) of 72x72 pixels (version 1). */
export const TENSOR_SHAPE = { width: 72, height: 72, channels: 12 } as const;
/** The square grids of version 2. */
const COARSE: number[] = TENSOR_GRIDS.filter((g) => g !== TENSOR_SHAPE.width);

export type TensorHeaderInfo = {
  version: number;
  gzip: boolean;
  frameCount: number;
  fps: number;
  width: number;
  height: number;
  channels: number;
  bodyLength: number;
  /** Seconds of capture the header claims. */
  durationSeconds: number;
};

/** The header's fields, or a reason the bytes cannot be a tensor of the documented format. */
export function inspectTensor(
  bytes: Uint8Array,
): { ok: true; header: TensorHeaderInfo } | { ok: false; reason: string } {
  if (bytes.byteLength < TENSOR_HEADER_BYTES)
    return { ok: false, reason: `only ${bytes.byteLength} bytes: shorter than the 36-byte header` };
  if (TENSOR_MAGIC.some((b, i) => bytes[i] !== b)) return { ok: false, reason: "does not start with the RPPG magic" };
  const view = new DataView(bytes.buffer, bytes.byteOffset, TENSOR_HEADER_BYTES);
  const header: TensorHeaderInfo = {
    version: view.getUint16(4, true),
    gzip: (view.getUint16(6, true) & 1) === 1,
    frameCount: view.getUint32(8, true),
    fps: view.getFloat32(12, true),
    width: view.getUint16(16, true),
    height: view.getUint16(18, true),
    channels: view.getUint16(20, true),
    bodyLength: view.getUint32(24, true),
    durationSeconds: 0,
  };
  header.durationSeconds = header.fps > 0 ? header.frameCount / header.fps : 0;
  if (header.version !== 1 && header.version !== 2)
    return { ok: false, reason: `unsupported version ${header.version}` };
  // Version 1: 72x72 planes; version 2: a coarser square grid (docs/tensor-format.md, "Version 2").
  const grid = header.version === 1 ? header.width === TENSOR_SHAPE.width : COARSE.includes(header.width);
  if (!grid || header.height !== header.width || header.channels !== TENSOR_SHAPE.channels) {
    return { ok: false, reason: `unexpected shape ${header.channels}x${header.width}x${header.height}` };
  }
  const stored = bytes.byteLength - TENSOR_HEADER_BYTES;
  if (stored !== header.bodyLength)
    return { ok: false, reason: `body is ${stored} bytes, header says ${header.bodyLength}` };
  return { ok: true, header };
}
