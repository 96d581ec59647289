import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { DEFAULT_MODEL_PATH } from "./model-runner.js";
import type { AnalyzeOutcome, Demographics, InferencePool, PoolOptions } from "./types.js";
import type { WorkerTask } from "./worker.js";
import type { ReducedTensor } from "./stream-reducer.js";

export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * At most one scan per thread is handed to the pool, so a scan's time limit runs from when it
 * starts, never while it waits for a thread (busy is not slow); the wait has its own limit.
 */
class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(count: number) {
    this.#free = count;
  }

  /** True once a thread is free; false when none was within `waitMs`. */
  take(waitMs: number): Promise<boolean> {
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const granted = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.#waiting.splice(this.#waiting.indexOf(granted), 1);
        resolve(false);
      }, waitMs);
      this.#waiting.push(granted);
    });
  }

  give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free++;
  }
}

/**
 * A worker-thread pool sized to the machine. The worker path is absolute (from this
 * compiled module's URL): bundlers (Next.js) would otherwise rewrite it and hang.
 * `workerFile` exists for fault-injection tests only.
 */
export function createInferencePool(options: PoolOptions & { workerFile?: string } = {}): InferencePool {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const queueWaitMs = options.queueWaitMs ?? 2_147_483_647;
  const slots = new Slots(threads);
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

  const run = async (task: WorkerTask): Promise<AnalyzeOutcome> => {
    if (closed) return { ok: false, error: { code: "POOL_CLOSED", message: "inference pool is closed" } };
    if (!(await slots.take(queueWaitMs)))
      return { ok: false, error: { code: "BUSY", message: `no inference thread was free within ${queueWaitMs} ms` } };
    // Aborting a running task makes piscina terminate that worker and start a fresh one.
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const outcome = await pool.run(task, { signal });
      if (outcome && typeof outcome === "object" && "ok" in outcome) return outcome;
      return { ok: false, error: { code: "WORKER_CRASH", message: "worker returned no outcome" } };
    } catch (e) {
      if (signal.aborted) return { ok: false, error: { code: "TIMEOUT", message: `scan exceeded ${timeoutMs} ms` } };
      return {
        ok: false,
        error: { code: "WORKER_CRASH", message: `inference worker failed: ${(e as Error)?.message ?? e}` },
      };
    } finally {
      slots.give();
    }
  };

  return {
    analyzeFile: (path: string, demographics?: Demographics) => run({ path, demographics }),
    analyzeReduced: (reduced: ReducedTensor, demographics?: Demographics) => run({ reduced, demographics }),
    async close() {
      closed = true;
      await pool.close({ force: true });
    },
  };
}
