import type { AnalyzeOutcome, Demographics, InferencePool } from "@vitals/inference";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";

// One worker pool per server process, created on first use and shared by every request.
const globalForPool = globalThis as unknown as { __vitalsPool?: Promise<InferencePool> };

async function createPool(): Promise<InferencePool> {
  const { createInferencePool } = await import("@vitals/inference");
  const e = env();
  return createInferencePool({ modelPath: e.MODEL_PATH, threads: e.INFERENCE_THREADS, timeoutMs: e.INFERENCE_TIMEOUT_MS });
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

/** Starts the workers (and their ONNX sessions) before the first scan needs them. */
export async function warmUpInference(): Promise<void> {
  await pool().catch(() => undefined);
}
