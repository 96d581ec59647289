import { hostname } from "node:os";
import { ScanNotStartedError } from "./scan-not-started";
import { type Job, Queue, QueueEvents, Worker } from "bullmq";
import type { AnalyzeOutcome, Demographics } from "@vitals/inference";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { redis } from "@/lib/redis";
import { within } from "@/lib/within";

// INFERENCE_QUEUE=redis: scans run in worker processes (`npm run worker`, any number, on any
// machine sharing Redis and the tensor storage) fed by a BullMQ queue. A worker renews its
// job's lock every LOCK_MS / 2; when a worker dies, another one takes the job over after at
// most LOCK_MS + STALLED_CHECK_MS, once (maxStalledCount 1); a second death fails the job, and
// the scan ends with fallback vitals; a scan no worker took within INFERENCE_QUEUE_WAIT_MS is
// withdrawn and answered 503. Vitals never travel in the job or its events (BullMQ keeps those
// in Redis): the worker leaves the outcome (with the job's times) under a short-lived key that
// the waiting app reads and deletes in one command.
export const QUEUE_NAME = "inference";
export const LOCK_MS = 5_000;
export const STALLED_CHECK_MS = 2_500;
const RESULT_TTL_MS = 120_000;

export type ScanJob = { sessionId: string; demographics?: Demographics; deadline: number };
export type ScanDone = { waitedMs: number; ranMs: number; worker: string };

const resultKey = (jobId: string) => `scan-result:${jobId}`;

function queueOptions() {
  const e = env();
  return { connection: { url: e.REDIS_URL }, prefix: `${e.REDIS_KEY_PREFIX}bull` };
}

// Adding a job is bounded like every other Redis command (lib/redis.ts): no offline queue, so
// an unreachable Redis fails the add at once instead of holding it until Redis is back, and a
// server that accepts but never answers fails it after ENQUEUE_TIMEOUT_MS.
const ENQUEUE_TIMEOUT_MS = 10_000;
function producerOptions() {
  const o = queueOptions();
  return {
    ...o,
    connection: {
      ...o.connection,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: ENQUEUE_TIMEOUT_MS,
    },
  };
}

/** The scan was never queued (Redis unreachable): nothing ran, and the tensor is untouched. */
export class QueueUnreachableError extends ScanNotStartedError {
  constructor(cause: unknown) {
    super(
      `the inference queue is unreachable: ${(cause as Error)?.message ?? cause}`,
      "The inference queue is unreachable",
      { cause },
    );
    this.name = "QueueUnreachableError";
  }
}

function enqueue(queue: Queue, data: ScanJob) {
  const add = queue.add("scan", data, { jobId: data.sessionId, removeOnComplete: true, removeOnFail: true });
  return within(add, ENQUEUE_TIMEOUT_MS, "enqueue").catch((err: unknown) => {
    throw new QueueUnreachableError(err);
  });
}

type Client = { queue: Queue; events: QueueEvents; recent: ScanDone[] };
const globalForQueue = globalThis as unknown as { __vitalsScanQueue?: Client };

function client(): Client {
  if (!globalForQueue.__vitalsScanQueue) {
    const queue = new Queue(QUEUE_NAME, producerOptions());
    const events = new QueueEvents(QUEUE_NAME, queueOptions());
    const warn = (err: Error) => logger.warn("inference queue", { error: err.message });
    queue.on("error", warn);
    events.on("error", warn);
    globalForQueue.__vitalsScanQueue = { queue, events, recent: [] };
  }
  return globalForQueue.__vitalsScanQueue;
}

/**
 * Enqueues a stored tensor's scan and waits for its outcome, at most INFERENCE_QUEUE_WAIT_MS.
 * Throws ScanNotStartedError when the scan could not be queued (QueueUnreachableError) or no
 * worker took it in that time; once a worker has taken it, the outcome is always an answer.
 */
export async function analyzeViaQueue(sessionId: string, demographics?: Demographics): Promise<AnalyzeOutcome> {
  const { queue, events, recent } = client();
  const waitMs = env().INFERENCE_QUEUE_WAIT_MS;
  const data: ScanJob = { sessionId, demographics, deadline: Date.now() + waitMs };
  const job = await enqueue(queue, data);
  try {
    await finished(sessionId, events, waitMs);
    const stored = await redis().getdel(resultKey(sessionId));
    if (!stored) return { ok: false, error: { code: "WORKER_CRASH", message: "the worker's outcome is missing" } };
    const saved = JSON.parse(stored) as Partial<Saved> & AnalyzeOutcome;
    // (A worker of the previous release leaves the bare outcome.)
    if (!saved.outcome) return saved;
    recent.push(saved.done!);
    if (recent.length > 200) recent.shift();
    return saved.outcome;
  } catch (err) {
    if (await withdrawnUntaken(job)) {
      const seconds = Math.round(waitMs / 1000);
      throw new ScanNotStartedError(
        `no worker took the scan within ${waitMs} ms`,
        `No inference worker took the scan within ${seconds} s`,
      );
    }
    // Not awaited: with Redis gone it would hold the answer; a job left behind finds its
    // deadline passed and ends without running (startScanWorker).
    void job.remove().catch(() => undefined);
    return { ok: false, error: { code: "WORKER_CRASH", message: `queued scan failed: ${(err as Error).message}` } };
  }
}

const UNTAKEN_STATES = new Set(["waiting", "prioritized", "delayed"]);
const WITHDRAW_TIMEOUT_MS = 2_000;

/**
 * True when no worker ever took the job and it is now out of the queue: the scan never ran, so
 * the caller answers 503 and reopens the session, as in pool mode. BullMQ refuses to remove a
 * job a worker holds, so a worker taking it meanwhile makes this false (fallback vitals).
 */
async function withdrawnUntaken(job: Job): Promise<boolean> {
  try {
    const state = await within(job.getState(), WITHDRAW_TIMEOUT_MS, "job state");
    if (!UNTAKEN_STATES.has(state)) return false;
    await within(job.remove(), WITHDRAW_TIMEOUT_MS, "job removal");
    return true;
  } catch {
    return false;
  }
}

/** What a worker leaves for the app: the outcome and the job's times. */
type Saved = { outcome: AnalyzeOutcome; done: ScanDone };

/**
 * Resolves when the scan's job has finished (its outcome is then under resultKey), rejects when
 * it failed or after `ms`. BullMQ's job.waitUntilFinished is not used: it starts its ttl only
 * after Redis calls that wait for Redis to come back, and one of those, failing, escapes as an
 * unhandled rejection. Every Redis call here is handled, and the timer bounds the whole wait.
 */
function finished(jobId: string, queueEvents: QueueEvents, ms: number): Promise<void> {
  // Per-job events ("completed:<id>") are emitted but not in QueueEvents' typed listener map.
  const events = queueEvents as unknown as NodeJS.EventEmitter;
  return new Promise((resolve, reject) => {
    const completed = `completed:${jobId}`;
    const failed = `failed:${jobId}`;
    let open = true;
    const settle = (end: () => void) => {
      if (!open) return;
      open = false;
      clearTimeout(timer);
      events.off(completed, onCompleted);
      events.off(failed, onFailed);
      end();
    };
    const onCompleted = () => settle(resolve);
    const onFailed = ({ failedReason }: { failedReason: string }) => settle(() => reject(new Error(failedReason)));
    const timer = setTimeout(() => settle(() => reject(new Error(`the scan timed out after ${ms} ms`))), ms);
    events.on(completed, onCompleted);
    events.on(failed, onFailed);
    // Done before this listened: the worker leaves the outcome before it completes the job.
    queueEvents
      .waitUntilReady()
      .then(() => redis().exists(resultKey(jobId)))
      .then((found) => found && settle(resolve))
      .catch(() => undefined);
  });
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Queue depth, live workers and this instance's recent job times, for GET /health. */
export async function queueStatus() {
  const { queue, recent } = client();
  const [counts, workers] = await Promise.all([
    queue.getJobCounts("waiting", "active", "delayed", "prioritized"),
    queue.getWorkersCount(),
  ]);
  return {
    mode: "redis" as const,
    waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0),
    active: counts.active ?? 0,
    workers,
    recent_jobs: {
      count: recent.length,
      wait_ms_p50: percentile(
        recent.map((r) => r.waitedMs),
        50,
      ),
      run_ms_p50: percentile(
        recent.map((r) => r.ranMs),
        50,
      ),
      run_ms_p95: percentile(
        recent.map((r) => r.ranMs),
        95,
      ),
    },
  };
}

/** Closes this process's queue connections (graceful stop, tests). */
export async function closeScanQueue(): Promise<void> {
  const c = globalForQueue.__vitalsScanQueue;
  globalForQueue.__vitalsScanQueue = undefined;
  if (c) await Promise.all([c.queue.close(), c.events.close()]);
}

/** A worker of this process: runs each job through `analyze` and leaves the outcome for the app. */
export function startScanWorker(
  analyze: (sessionId: string, demographics?: Demographics) => Promise<AnalyzeOutcome>,
  concurrency: number,
): Worker {
  const worker = new Worker<ScanJob, ScanDone>(
    QUEUE_NAME,
    async (job) => {
      const started = Date.now();
      // The app stopped waiting: its answer (fallback vitals) is already out, and the tensor gone.
      const outcome: AnalyzeOutcome =
        started > job.data.deadline
          ? { ok: false, error: { code: "TIMEOUT", message: "the app stopped waiting for this scan" } }
          : await analyze(job.data.sessionId, job.data.demographics);
      const done = {
        waitedMs: started - job.timestamp,
        ranMs: Date.now() - started,
        worker: `${hostname()}:${process.pid}`,
      };
      const saved: Saved = { outcome, done };
      await redis().set(resultKey(job.id!), JSON.stringify(saved), "PX", RESULT_TTL_MS);
      return done;
    },
    { ...queueOptions(), concurrency, lockDuration: LOCK_MS, stalledInterval: STALLED_CHECK_MS, maxStalledCount: 1 },
  );
  worker.on("error", (err) => logger.warn("inference worker", { error: err.message }));
  return worker;
}
