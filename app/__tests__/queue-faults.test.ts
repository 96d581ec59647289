import type { ChildProcess } from "node:child_process";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnv } from "@/lib/env";
import { startTcpProxy, type TcpProxy } from "@/test/tcp-proxy";
import { startWorkerProcess } from "@/test/worker-process";

// Its own file (own process): INFERENCE_QUEUE=redis with a real worker process, and this
// process's PostgreSQL and Redis clients behind proxies the tests cut, stall and restore. The
// worker reaches Redis directly: only the app loses it. Limits are kept in PostgreSQL, so a
// request gets as far as the queue while Redis is gone.
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const REDIS_KEY_PREFIX = `test:${process.pid}:${Date.now()}:`;
const QUERY_TIMEOUT_MS = 1500;
let pg: TcpProxy;
let rd: TcpProxy;
let worker: ChildProcess;
let watch: Queue;

beforeAll(async () => {
  const url = new URL(process.env.DATABASE_URL!);
  pg = await startTcpProxy(Number(url.port || 5432), url.hostname);
  rd = await startTcpProxy(Number(new URL(REDIS_URL).port || 6379));
  url.port = String(pg.port);
  Object.assign(process.env, {
    DATABASE_URL: url.toString(),
    REDIS_URL: `redis://127.0.0.1:${rd.port}`,
    REDIS_KEY_PREFIX,
    RATE_LIMIT_STORE: "postgres",
    INFERENCE_QUEUE: "redis",
    INFERENCE_QUEUE_WAIT_MS: "60000",
    DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
  });
  resetEnv();
  worker = await startWorkerProcess({ REDIS_URL, REDIS_KEY_PREFIX, STORAGE_DIR: process.env.STORAGE_DIR! });
  watch = new Queue("inference", { connection: { url: REDIS_URL }, prefix: `${REDIS_KEY_PREFIX}bull` });
});

afterAll(async () => {
  worker?.kill("SIGKILL");
  await watch?.close();
  const { closeScanQueue } = await import("@/lib/inference/scan-queue");
  await closeScanQueue();
  await pg?.stop();
  await rd?.stop();
});

/** A live session with its tensor uploaded. */
async function uploaded(heartRate: number) {
  const { createDeveloperWithKeys } = await import("@/test/fixtures");
  const { startSession, uploadTensor } = await import("@/test/sdk-client");
  const { syntheticTensor } = await import("@/test/tensors");
  const { live } = await createDeveloperWithKeys();
  const session = await (await startSession({ key: live.key })).json();
  const { tensor } = syntheticTensor({ heartRate, frameCount: 720 });
  expect((await uploadTensor(session.upload_url, tensor)).status).toBe(200);
  return { key: live.key, id: session.session_id as string };
}

async function complete(key: string, id: string) {
  const { uploadComplete } = await import("@/test/sdk-client");
  const res = await uploadComplete({ key }, { session_id: id });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

async function sessionState(id: string) {
  const { db } = await import("@/lib/db");
  const { tensorStorage } = await import("@/lib/storage/storage");
  const row = await db.session.findUnique({ where: { id } });
  return { status: row?.status, tensorBytes: await tensorStorage().tensorBytes(id) };
}

/** Until /health (which asks the queue too) is 200 again: the queue's connection is back. */
async function queueBack() {
  const { GET } = await import("@/app/health/route");
  await vi.waitFor(
    async () => {
      if ((await GET(new Request("http://x/health"))).status !== 200) throw new Error("the queue did not come back");
    },
    { timeout: 15_000, interval: 250 },
  );
}

describe("the queue's Redis or the database lost around a scan", () => {
  it.each([
    ["refused", () => rd.cut(), () => rd.restore()],
    ["accepting but never answering", () => rd.stall(), () => rd.resume()],
  ] as const)(
    "Redis %s at upload-complete: 503 UNAVAILABLE within the Redis bound, session and tensor kept; the retry measures",
    async (_how, lose, restore) => {
      const { key, id } = await uploaded(72);
      await lose();
      const t0 = performance.now();
      let refused: Awaited<ReturnType<typeof complete>>;
      try {
        refused = await complete(key, id);
      } finally {
        await restore();
      }
      expect(performance.now() - t0).toBeLessThan(15_000);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ error: "UNAVAILABLE", retryable: true, retryAfter: 5 });
      expect(refused.headers.get("retry-after")).toBe("5");
      // Nothing ran: the session is open again and its tensor is still there.
      const state = await sessionState(id);
      expect(state.status).toBe("uploading");
      expect(state.tensorBytes).toBeGreaterThan(0);

      const retried = await vi.waitFor(
        async () => {
          const res = await complete(key, id);
          expect(res.status).not.toBe(503);
          return res;
        },
        { timeout: 15_000, interval: 500 },
      );
      expect(retried.status).toBe(200);
      expect(retried.body.vitals.confidence).toBeGreaterThanOrEqual(0.7);
      expect(Math.abs(retried.body.vitals.heart_rate - 72)).toBeLessThan(3);
      expect((await sessionState(id)).tensorBytes).toBeFalsy();
    },
    60_000,
  );

  it("Redis lost while a queued scan waits: fallback vitals at INFERENCE_QUEUE_WAIT_MS, not when Redis returns", async () => {
    process.env.INFERENCE_QUEUE_WAIT_MS = "4000";
    resetEnv();
    worker.kill("SIGSTOP");
    try {
      const { key, id } = await uploaded(70);
      const t0 = performance.now();
      const answer = complete(key, id);
      // Queued and waiting for the stopped worker: only then does Redis go.
      await vi.waitFor(async () => expect(await watch.getJob(id)).toBeTruthy(), { timeout: 4000, interval: 10 });
      await rd.cut();
      const { status, body } = await answer;
      expect(performance.now() - t0).toBeLessThan(8000);
      expect(status).toBe(200);
      expect(body.vitals.confidence).toBe(0);
      expect((await sessionState(id)).tensorBytes).toBeFalsy();
    } finally {
      await rd.restore();
      worker.kill("SIGCONT");
      process.env.INFERENCE_QUEUE_WAIT_MS = "60000";
      resetEnv();
      await queueBack();
    }
  }, 60_000);

  it("no worker takes the scan within INFERENCE_QUEUE_WAIT_MS: 503 UNAVAILABLE, job withdrawn, session and tensor kept; the retry measures", async () => {
    process.env.INFERENCE_QUEUE_WAIT_MS = "1500";
    resetEnv();
    worker.kill("SIGSTOP");
    let refused: Awaited<ReturnType<typeof complete>>;
    let id: string;
    let key: string;
    try {
      ({ key, id } = await uploaded(64));
      const t0 = performance.now();
      refused = await complete(key, id);
      expect(performance.now() - t0).toBeLessThan(6000);
      // Withdrawn: the stopped worker finds nothing to run when it wakes.
      expect(await watch.getJob(id)).toBeUndefined();
    } finally {
      worker.kill("SIGCONT");
      process.env.INFERENCE_QUEUE_WAIT_MS = "60000";
      resetEnv();
    }
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ error: "UNAVAILABLE", retryable: true });
    expect(refused.body.message).toMatch(/No inference worker took the scan within 2 s/);
    const state = await sessionState(id);
    expect(state.status).toBe("uploading");
    expect(state.tensorBytes).toBeGreaterThan(0);

    const retried = await complete(key, id);
    expect(retried.status).toBe(200);
    expect(retried.body.vitals.confidence).toBeGreaterThanOrEqual(0.7);
    expect(Math.abs(retried.body.vitals.heart_rate - 64)).toBeLessThan(3);
    expect((await sessionState(id)).tensorBytes).toBeFalsy();
  }, 60_000);

  it("PERSIST_VITALS=true, the database lost while the worker runs: the client still gets the vitals, saved once it is back", async () => {
    process.env.PERSIST_VITALS = "true";
    resetEnv();
    try {
      const { key, id } = await uploaded(66);
      const answer = complete(key, id);
      await vi.waitFor(
        async () => {
          const job = await watch.getJob(id);
          expect(job && (await job.getState())).toBe("active");
        },
        { timeout: 30_000, interval: 10 },
      );
      await pg.cut();
      let delivered: Awaited<ReturnType<typeof complete>>;
      try {
        delivered = await answer;
      } finally {
        await pg.restore();
      }
      expect(delivered.status).toBe(200);
      expect(delivered.body.vitals.confidence).toBeGreaterThanOrEqual(0.7);
      expect(Math.abs(delivered.body.vitals.heart_rate - 66)).toBeLessThan(3);

      // The result is saved within a few of the 2 s retries of the database's return.
      const { pollResult } = await import("@/test/sdk-client");
      const polled = await vi.waitFor(
        async () => {
          const res = await pollResult({ key }, id);
          const body = res.status === 200 ? await res.json() : {};
          expect(body.status).toBe("completed");
          return body;
        },
        { timeout: 10_000, interval: 250 },
      );
      expect(polled.vitals).toEqual(delivered.body.vitals);
      expect((await sessionState(id)).tensorBytes).toBeFalsy();
    } finally {
      delete process.env.PERSIST_VITALS;
      resetEnv();
    }
  }, 60_000);
});
