import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { DEFAULT_MODEL_PATH } from "./model-runner.js";
import type { AnalyzeOutcome, Demographics, InferencePool, PoolOptions } from "./types.js";
import type { WorkerTask } from "./worker.js";

export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * A worker-thread pool sized to the machine. The worker path is absolute (from this
 * compiled module's URL): bundlers (Next.js) would otherwise rewrite it and hang.
 * `workerFile` exists for fault-injection tests only.
 */
export function createInferencePool(options: PoolOptions & { workerFile?: string } = {}): InferencePool {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const filename = options.workerFile ?? fileURLToPath(new URL("./worker.js", import.meta.url));
  const pool = new Piscina<WorkerTask, AnalyzeOutcome>({
    filename,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Infinity,
    workerData: {
      modelPath: options.modelPath ?? DEFAULT_MODEL_PATH,
      intraOpThreads: Math.max(1, Math.floor(availableParallelism() / threads)),
    },
  });
  let closed = false;

  return {
    async analyzeFile(path: string, demographics?: Demographics): Promise<AnalyzeOutcome> {
      if (closed) return { ok: false, error: { code: "POOL_CLOSED", message: "inference pool is closed" } };
      // Aborting a running task makes piscina terminate that worker and start a fresh one.
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const outcome = await pool.run({ path, demographics }, { signal });
        if (outcome && typeof outcome === "object" && "ok" in outcome) return outcome;
        return { ok: false, error: { code: "WORKER_CRASH", message: "worker returned no outcome" } };
      } catch (e) {
        if (signal.aborted) return { ok: false, error: { code: "TIMEOUT", message: `scan exceeded ${timeoutMs} ms` } };
        return {
          ok: false,
          error: { code: "WORKER_CRASH", message: `inference worker failed: ${(e as Error)?.message ?? e}` },
        };
      }
    },
    async close() {
      closed = true;
      await pool.close({ force: true });
    },
  };
}
