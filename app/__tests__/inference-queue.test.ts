import type { ChildProcess } from "node:child_process";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnv } from "@/lib/env";
import { closeScanQueue, QUEUE_NAME } from "@/lib/inference/scan-queue";
import { createDeveloperWithKeys } from "@/test/fixtures";
import { startSession, uploadComplete, uploadTensor } from "@/test/sdk-client";
import { syntheticTensor } from "@/test/tensors";
import { startWorkerProcess } from "@/test/worker-process";

// INFERENCE_QUEUE=redis with real worker processes (`npm run worker`'s script) on the shared
// Redis, under a key prefix of this run's own.
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const REDIS_KEY_PREFIX = `test:${process.pid}:${Date.now()}:`;
const workers: ChildProcess[] = [];
let watch: Queue;

beforeAll(() => {
  Object.assign(process.env, {
    INFERENCE_QUEUE: "redis",
    REDIS_URL,
    REDIS_KEY_PREFIX,
    INFERENCE_QUEUE_WAIT_MS: "60000",
  });
  resetEnv();
  watch = new Queue(QUEUE_NAME, { connection: { url: REDIS_URL }, prefix: `${REDIS_KEY_PREFIX}bull` });
});

afterAll(async () => {
  for (const w of workers) w.kill("SIGKILL");
  await watch.close();
  await closeScanQueue();
});

async function worker(): Promise<ChildProcess> {
  const w = await startWorkerProcess({ REDIS_URL, REDIS_KEY_PREFIX, STORAGE_DIR: process.env.STORAGE_DIR! });
  workers.push(w);
  return w;
}

/** Starts a live scan and calls upload-complete without awaiting it. */
async function scanInFlight(heartRate: number) {
  const { live } = await createDeveloperWithKeys();
  const session = await (await startSession({ key: live.key })).json();
  const { tensor } = syntheticTensor({ heartRate, frameCount: 720 });
  expect((await uploadTensor(session.upload_url, tensor)).status).toBe(200);
  const answer = uploadComplete({ key: live.key }, { session_id: session.session_id }).then(async (r) => ({
    status: r.status,
    body: await r.json(),
  }));
  return { id: session.session_id as string, answer };
}

/** Waits until a worker runs the job, the `stalled`-th time it was taken over. */
function runningOnAWorker(id: string, stalled: number) {
  return vi.waitFor(
    async () => {
      const job = await watch.getJob(id);
      if (!job || (await job.getState()) !== "active" || job.stalledCounter !== stalled)
        throw new Error(`job ${id} never ran (stalled ${stalled})`);
    },
    { timeout: 30_000, interval: 10 },
  );
}

function kill(w: ChildProcess) {
  w.kill("SIGKILL");
  return new Promise((r) => w.once("exit", r));
}

describe("the inference queue (INFERENCE_QUEUE=redis)", () => {
  it("runs a scan on a worker process: real vitals, and the job times in /health", async () => {
    await worker();
    const { answer } = await scanInFlight(70);
    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(body.vitals.confidence).toBeGreaterThanOrEqual(0.7);
    expect(Math.abs(body.vitals.heart_rate - 70)).toBeLessThan(3);
    const { GET } = await import("@/app/health/route");
    const health = await (await GET(new Request("http://x/health"))).json();
    expect(health.inference).toMatchObject({ mode: "redis", waiting: 0, active: 0, workers: 1 });
    expect(health.inference.recent_jobs.count).toBe(1);
    expect(health.inference.recent_jobs.run_ms_p50).toBeGreaterThan(0);
  });

  it("a worker killed mid-scan: another takes the job over and the client gets real vitals", async () => {
    const [first] = workers;
    const { id, answer } = await scanInFlight(64);
    await runningOnAWorker(id, 0);
    await kill(first);
    await worker();
    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(body.vitals.confidence).toBeGreaterThanOrEqual(0.7);
    expect(Math.abs(body.vitals.heart_rate - 64)).toBeLessThan(3);
  });

  it("killed again on the second worker: the scan ends with fallback vitals, not an error", async () => {
    const second = workers[1];
    const { id, answer } = await scanInFlight(80);
    await runningOnAWorker(id, 0);
    await kill(second);
    const third = await worker();
    await runningOnAWorker(id, 1);
    await kill(third);
    await worker();
    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(body.vitals.confidence).toBe(0);
    expect(await watch.getJob(id)).toBeUndefined();
  });

  it("SIGTERM to the only worker mid-scan: it finishes the scan (real vitals), then exits 0", async () => {
    for (const w of workers) if (w.exitCode === null && w.signalCode === null) await kill(w);
    const only = await worker();
    const { id, answer } = await scanInFlight(76);
    await runningOnAWorker(id, 0);
    const exited = new Promise<number | null>((resolve) => only.once("exit", (code) => resolve(code)));
    only.kill("SIGTERM");
    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(body.vitals.confidence).toBeGreaterThanOrEqual(0.7);
    expect(Math.abs(body.vitals.heart_rate - 76)).toBeLessThan(3);
    expect(await exited).toBe(0);
  });
});
