// The whole scan: bytes -> validated frames -> model -> vitals. Shared by the pool's
// workers and by analyzeBuffer on the calling thread. Never throws.
import { readFile } from "node:fs/promises";
import { ModelError, runModel } from "./model-runner.js";
import type { ReducedTensor } from "./stream-reducer.js";
import { decodeTensor } from "./tensor-codec.js";
import { TensorError } from "./tensor-format.js";
import type { AnalyzeOutcome, Demographics, StageTimings } from "./types.js";
import { estimateVitals } from "./vitals/estimate-vitals.js";
import { finalizeVitals } from "./vitals/finalize.js";

export type AnalyzeOptions = { modelPath?: string };

const fail = (code: string, message: string): AnalyzeOutcome => ({ ok: false, error: { code, message } });

export async function analyzeBuffer(
  buf: Uint8Array,
  demographics?: Demographics,
  options: AnalyzeOptions = {},
): Promise<AnalyzeOutcome> {
  return analyzeWithReadTime(buf, 0, demographics, options);
}

/** Reads the file on this thread (the pool's worker), so 45 MB never crosses threads. */
export async function analyzeFileHere(
  path: string,
  demographics?: Demographics,
  options: AnalyzeOptions = {},
): Promise<AnalyzeOutcome> {
  const t0 = performance.now();
  let buf: Uint8Array;
  try {
    buf = await readFile(path);
  } catch (e) {
    return fail("READ_FAILED", `cannot read tensor file: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return analyzeWithReadTime(buf, performance.now() - t0, demographics, options);
}

async function analyzeWithReadTime(
  buf: Uint8Array,
  readMs: number,
  demographics: Demographics | undefined,
  options: AnalyzeOptions,
): Promise<AnalyzeOutcome> {
  const started = performance.now();
  try {
    const decoded = await decodeTensor(buf);
    const { frameCount, fps } = decoded.header;
    let t = performance.now();
    const output = await runModel(decoded.frames, frameCount, fps, options.modelPath);
    const modelMs = performance.now() - t;
    t = performance.now();
    const estimate = estimateVitals(output, fps, demographics);
    if (!estimate.ok) return fail(estimate.code, estimate.message);
    const final = finalizeVitals(estimate.vitals);
    if (!final.ok) return fail(final.code, final.message);
    const postMs = performance.now() - t;
    const timings: StageTimings = {
      read_ms: ms(readMs),
      inflate_ms: ms(decoded.timings.inflate_ms),
      crc_ms: ms(decoded.timings.crc_ms),
      model_ms: ms(modelMs),
      post_ms: ms(postMs),
      total_ms: ms(readMs + performance.now() - started),
    };
    return { ok: true, vitals: final.vitals, timings, waveforms: estimate.waveforms };
  } catch (e) {
    if (e instanceof TensorError || e instanceof ModelError) return fail(e.code, e.message);
    return fail("INTERNAL", `inference failed: ${(e as Error)?.message ?? String(e)}`);
  }
}

/**
 * The vitals of a tensor reduced as it arrived (stream-reducer.ts): the model's outputs are
 * already there, so only the post-processing runs. Never throws.
 */
export function analyzeReduced(reduced: ReducedTensor, demographics?: Demographics): AnalyzeOutcome {
  const started = performance.now();
  try {
    const estimate = estimateVitals(reduced.output, reduced.header.fps, demographics);
    if (!estimate.ok) return fail(estimate.code, estimate.message);
    const final = finalizeVitals(estimate.vitals);
    if (!final.ok) return fail(final.code, final.message);
    const postMs = ms(performance.now() - started);
    const timings: StageTimings = {
      read_ms: 0,
      inflate_ms: 0,
      crc_ms: 0,
      model_ms: 0,
      post_ms: postMs,
      total_ms: postMs,
    };
    return { ok: true, vitals: final.vitals, timings, waveforms: estimate.waveforms };
  } catch (e) {
    return fail("INTERNAL", `inference failed: ${(e as Error)?.message ?? String(e)}`);
  }
}

const ms = (v: number) => Math.round(v * 100) / 100;
