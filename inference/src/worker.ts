// Piscina worker: one ONNX session per thread, created and run once at start so the
// first real scan does not pay session creation and first-run allocation.
import { workerData } from "node:worker_threads";
import { DEFAULT_MODEL_PATH, runModel, setIntraOpThreads } from "./model-runner.js";
import { analyzeFileHere, analyzeReduced } from "./pipeline.js";
import type { ReducedTensor } from "./stream-reducer.js";
import { MIN_FRAMES, FRAME_BYTES } from "./tensor-format.js";
import type { AnalyzeOutcome, Demographics } from "./types.js";

/** A tensor file to read, or a tensor already reduced as it arrived (stream-reducer.ts). */
export type WorkerTask =
  | { path: string; reduced?: undefined; demographics?: Demographics }
  | { path?: undefined; reduced: ReducedTensor; demographics?: Demographics };
export type WorkerConfig = { modelPath: string; intraOpThreads?: number };

const data = workerData as WorkerConfig | undefined;
const config: WorkerConfig = { modelPath: data?.modelPath ?? DEFAULT_MODEL_PATH };
if (data?.intraOpThreads) setIntraOpThreads(data.intraOpThreads);

async function warmUp(): Promise<void> {
  try {
    const frames = new Uint8Array(MIN_FRAMES * FRAME_BYTES).fill(128);
    await runModel(frames, MIN_FRAMES, 30, config.modelPath);
    await runModel(frames, MIN_FRAMES, 30, config.modelPath);
  } catch {
    // A bad model path is reported per scan as MODEL_LOAD_FAILED, not as a dead worker.
  }
}

function handle(task: WorkerTask): Promise<AnalyzeOutcome> {
  if (task.reduced) return Promise.resolve(analyzeReduced(task.reduced, task.demographics));
  return analyzeFileHere(task.path, task.demographics, { modelPath: config.modelPath });
}

// Piscina awaits a promised default export before the first task.
export default warmUp().then(() => handle);
