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
