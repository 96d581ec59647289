import type { AnalyzeOutcome, Demographics, ReducedTensor, TensorError } from "@vitals/inference";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { tensorStorage, TensorUnreadableError } from "@/lib/storage/storage";
import { analyzeReducedTensor, analyzeTensor } from "./analyze-tensor";
import { takeReduction } from "./reduce-as-arrives";
import { analyzeViaQueue } from "./scan-queue";
import { ScanNotStartedError } from "./scan-not-started";

/**
 * Runs a stored tensor through this process's inference pool. Throws only ScanNotStartedError
 * (no thread was free within INFERENCE_QUEUE_WAIT_MS: busy, not a failed scan).
 */
export async function analyzeStoredHere(sessionId: string, demographics?: Demographics): Promise<AnalyzeOutcome> {
  const reduced = await takeReduction(sessionId);
  const outcome = reduced
    ? await analyzeReducedHere(reduced, demographics)
    : await analyzeFileHere(sessionId, demographics);
  if (!outcome.ok && outcome.error.code === "BUSY") {
    const seconds = Math.round(env().INFERENCE_QUEUE_WAIT_MS / 1000);
    throw new ScanNotStartedError(outcome.error.message, `Every inference thread stayed busy for ${seconds} s`);
  }
  return outcome;
}

/** A tensor reduced as it arrived (reduce-as-arrives.ts): only the post-processing is left. */
async function analyzeReducedHere(
  reduced: ReducedTensor | TensorError,
  demographics?: Demographics,
): Promise<AnalyzeOutcome> {
  // A tensor that broke a rule is an inference failure, as when its file is decoded.
  if (reduced instanceof Error) return { ok: false, error: { code: reduced.code, message: reduced.message } };
  return analyzeReducedTensor(reduced, demographics);
}

function analyzeFileHere(sessionId: string, demographics?: Demographics): Promise<AnalyzeOutcome> {
  return tensorStorage()
    .withLocalCopy(sessionId, (file) => analyzeTensor(file, demographics))
    .catch((err: unknown): AnalyzeOutcome => {
      // A tensor that cannot be read (too large, gone, storage down) is an inference failure
      // like any other: the scan was paid for at start, so the client still gets fallback vitals.
      const log = err instanceof TensorUnreadableError ? logger.warn : logger.error;
      log("tensor unreadable", { error: (err as Error).message });
      return { ok: false, error: { code: "UNREADABLE", message: (err as Error).message } };
    });
}

/**
 * The scan of a stored tensor: in this process's pool (default) or by a queue worker. Throws
 * only ScanNotStartedError (the scan never ran; the caller answers 503 and keeps the tensor).
 */
export async function analyzeStoredTensor(sessionId: string, demographics?: Demographics): Promise<AnalyzeOutcome> {
  if (env().INFERENCE_QUEUE === "pool") return analyzeStoredHere(sessionId, demographics);
  return analyzeViaQueue(sessionId, demographics).catch((err: unknown): AnalyzeOutcome => {
    if (err instanceof ScanNotStartedError) throw err;
    logger.error("inference queue failed", { error: (err as Error).message });
    return { ok: false, error: { code: "UNAVAILABLE", message: "the inference queue failed" } };
  });
}
