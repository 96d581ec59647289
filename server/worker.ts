// npm run worker: an inference worker process for INFERENCE_QUEUE=redis. Start any number, on
// any machine that shares the app's Redis (REDIS_URL, REDIS_KEY_PREFIX) and tensor storage
// (STORAGE_DRIVER and its settings). SIGTERM or SIGINT: running scans finish, then it exits.
import { availableParallelism } from "node:os";
import { exitUnlessInferenceBuilt, settingsOrExit } from "./startup-checks";

async function main() {
  const settings = settingsOrExit();
  if (!settings.REDIS_URL) {
    console.error("REDIS_URL is required: the worker takes its scans from the Redis queue");
    process.exit(1);
  }
  exitUnlessInferenceBuilt();
  const { analyzeStoredHere } = await import("../lib/inference/analyze-stored");
  const { warmUpInference } = await import("../lib/inference/analyze-tensor");
  const { startScanWorker } = await import("../lib/inference/scan-queue");
  await warmUpInference();
  const concurrency = settings.INFERENCE_THREADS ?? availableParallelism();
  const worker = startScanWorker(analyzeStoredHere, concurrency);
  await worker.waitUntilReady();
  const stop = () => {
    void worker.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), settings.INFERENCE_TIMEOUT_MS + 5_000).unref();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  // The server's policy (Next.js logs and carries on): one stray rejection, e.g. a Redis call
  // failing while Redis is lost, must not end the scans this process is running.
  process.on("unhandledRejection", (reason) => console.error("Unhandled rejection:", reason));
  console.log(`Inference worker ready (pid ${process.pid}, ${concurrency} at a time)`);
}

main().catch((err) => {
  console.error(`Worker start-up failed: ${(err as Error).message}`);
  process.exit(1);
});
