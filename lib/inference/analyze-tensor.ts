import type { AnalyzeOutcome, Demographics, InferencePool, ReducedTensor } from "@vitals/inference";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";

// One worker pool per server process, created on first use and shared by every request.
const globalForPool = globalThis as unknown as { __vitalsPool?: Promise<InferencePool> };

type InferenceModule = typeof import("@vitals/inference");

async function createPool(): Promise<InferencePool> {
  // Loaded by Node at run time, never bundled: the package's worker file must stay a real file
  // next to its compiled module (a bundled copy resolves the worker to a missing asset).
  const specifier = "@vitals/inference";
  const { createInferencePool } = (await import(
    /* webpackIgnore: true */ /* turbopackIgnore: true */ specifier
  )) as InferenceModule;
  const e = env();
  return createInferencePool({
    modelPath: e.MODEL_PATH,
    threads: e.INFERENCE_THREADS,
    timeoutMs: e.INFERENCE_TIMEOUT_MS,
    // Under load a scan waits for a thread; past this it is answered 503, not fallback vitals.
    queueWaitMs: e.INFERENCE_QUEUE_WAIT_MS,
  });
}

function pool(): Promise<InferencePool> {
  globalForPool.__vitalsPool ??= createPool().catch((err) => {
    globalForPool.__vitalsPool = undefined;
    throw err;
  });
  return globalForPool.__vitalsPool;
}

/** Runs a stored tensor through inference off the request thread. Never throws. */
export async function analyzeTensor(path: string, demographics?: Demographics): Promise<AnalyzeOutcome> {
  try {
    return await (await pool()).analyzeFile(path, demographics);
  } catch (err) {
    logger.error("inference unavailable", { error: (err as Error).message });
    return { ok: false, error: { code: "UNAVAILABLE", message: "inference is unavailable" } };
  }
}

/** The post-processing of a tensor reduced as it arrived (reduce-as-arrives.ts), off the request thread. Never throws. */
export async function analyzeReducedTensor(
  reduced: ReducedTensor,
  demographics?: Demographics,
): Promise<AnalyzeOutcome> {
  try {
    return await (await pool()).analyzeReduced(reduced, demographics);
  } catch (err) {
    logger.error("inference unavailable", { error: (err as Error).message });
    return { ok: false, error: { code: "UNAVAILABLE", message: "inference is unavailable" } };
  }
}

/** Starts the workers (and their ONNX sessions) before the first scan needs them. */
export async function warmUpInference(): Promise<void> {
  await pool().catch(() => undefined);
}
