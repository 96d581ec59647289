import { expect } from "vitest";
import {
  FRAME_BYTES,
  TensorError,
  decodeTensor,
  encodeTensor,
  synthesizeFrames,
  type SynthOptions,
} from "../src/index.js";

/** A valid payload of a synthetic scan (150 frames by default: the smallest legal one). */
export function syntheticTensor(opts: Partial<SynthOptions> & { gzip?: boolean } = {}): Buffer {
  const s = synthesizeFrames({ seed: 1, frameCount: 150, fps: 30, ...opts });
  return encodeTensor(s.frames, { frameCount: s.frameCount, fps: s.fps, gzip: opts.gzip });
}

/** Frames of a constant grey: cheap when only the container matters. */
export function flatFrames(frameCount: number, value = 100): Uint8Array {
  return new Uint8Array(frameCount * FRAME_BYTES).fill(value);
}

/** Sets one header field on a copy of a payload. */
export function withField(buf: Buffer, offset: number, size: 1 | 2 | 4, value: number, float = false): Buffer {
  const copy = Buffer.from(buf);
  if (float) copy.writeFloatLE(value, offset);
  else if (size === 1) copy.writeUInt8(value, offset);
  else if (size === 2) copy.writeUInt16LE(value, offset);
  else copy.writeUInt32LE(value >>> 0, offset);
  return copy;
}

/** "OK" when the decoder takes `buf`, else the TensorError code it rejects it with. */
export async function codeOf(buf: Uint8Array): Promise<string> {
  try {
    await decodeTensor(buf);
    return "OK";
  } catch (e) {
    expect(e).toBeInstanceOf(TensorError);
    return (e as TensorError).code;
  }
}
