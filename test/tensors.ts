import { gzipSync } from "node:zlib";
import { encodeTensor, synthesizeFrames } from "@vitals/inference";

/** A real, valid tensor of a face with a known pulse (synthetic, with ground truth). */
export function syntheticTensor(opts: { heartRate?: number; frameCount?: number; gzip?: boolean; seed?: number } = {}) {
  const synth = synthesizeFrames({
    seed: opts.seed ?? 7,
    heartRate: opts.heartRate ?? 75,
    frameCount: opts.frameCount ?? 300,
    noise: 2,
  });
  return {
    tensor: encodeTensor(synth.frames, { frameCount: synth.frameCount, fps: synth.fps, gzip: opts.gzip }),
    truth: synth.truth,
  };
}

/**
 * A gzip body that inflates to about `inflatedBytes` (zeros) from a few hundred KB: concatenated
 * gzip members are one valid gzip stream (RFC 1952), so it is built without holding the inflated bytes.
 */
export function gzipBomb(inflatedBytes: number): Uint8Array<ArrayBuffer> {
  const member = gzipSync(Buffer.alloc(64 << 20), { level: 9 }); // 64 MiB -> ~65 KB
  return new Uint8Array(Buffer.concat(Array.from({ length: Math.ceil(inflatedBytes / (64 << 20)) }, () => member)));
}
