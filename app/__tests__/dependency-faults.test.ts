import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnv } from "@/lib/env";
import { startTcpProxy, type TcpProxy } from "@/test/tcp-proxy";

// Its own file (own process): this process's database and Redis clients go through proxies the
// test cuts and restores, as if PostgreSQL or Redis went away and came back.
let pg: TcpProxy;
let rd: TcpProxy;
let key: string;
let developerId: string;
const QUERY_TIMEOUT_MS = 1500;

beforeAll(async () => {
  const url = new URL(process.env.DATABASE_URL!);
  pg = await startTcpProxy(Number(url.port || 5432), url.hostname);
  rd = await startTcpProxy(6379);
  url.port = String(pg.port);
  Object.assign(process.env, {
    DATABASE_URL: url.toString(),
    REDIS_URL: `redis://127.0.0.1:${rd.port}`,
    REDIS_KEY_PREFIX: `test:${process.pid}:${Date.now()}:`,
    RATE_LIMIT_STORE: "redis",
    DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
  });
  resetEnv();
  const { createDeveloperWithKeys } = await import("@/test/fixtures");
  const made = await createDeveloperWithKeys();
  key = made.test.key;
  developerId = made.developer.id;
});

afterAll(async () => {
  await pg?.stop();
  await rd?.stop();
});

async function start() {
  const { startSession } = await import("@/test/sdk-client");
  return startSession({ key });
}

async function health() {
  const { GET } = await import("@/app/health/route");
  return GET(new Request("http://x/health"));
}

async function expectUnavailable(res: Response) {
  expect(res.status).toBe(503);
  expect(await res.json()).toMatchObject({ error: "UNAVAILABLE", retryable: true, retryAfter: 5 });
  expect(res.headers.get("retry-after")).toBe("5");
  expect(res.headers.get("x-request-id")).toBeTruthy();
}

/** Answers come back without a restart: within a few seconds of the dependency's return. */
async function expectRecovery() {
  await vi.waitFor(async () => expect((await start()).status).toBe(200), { timeout: 15_000, interval: 250 });
  expect((await health()).status).toBe(200);
}

describe("a dependency that goes away and comes back", () => {
  it("PostgreSQL: 503 UNAVAILABLE with Retry-After while it is gone, normal answers once it returns", async () => {
    expect((await start()).status).toBe(200);
    await pg.cut();
    await expectUnavailable(await start());
    await expectUnavailable(await start());
    await expectUnavailable(await health());
    await pg.restore();
    await expectRecovery();
  });

  it("PostgreSQL that accepts connections but never answers: 503 UNAVAILABLE within the query timeout, never a hang", async () => {
    expect((await start()).status).toBe(200);
    pg.stall();
    try {
      // More requests at once than the pool has connections: the new connections hang too.
      const t0 = performance.now();
      const answers = await Promise.all(Array.from({ length: 12 }, () => start()));
      const healthAnswer = await health();
      const took = performance.now() - t0;
      for (const res of [...answers, healthAnswer]) await expectUnavailable(res);
      // Bounded by the statement deadline (each request waits for at most a couple of them),
      // not by the 60 s test timeout.
      expect(took).toBeLessThan(4 * QUERY_TIMEOUT_MS + 2000);
    } finally {
      pg.resume();
    }
    await expectRecovery();
  });

  it("Redis: 503 UNAVAILABLE with Retry-After while it is gone, normal answers once it returns", async () => {
    expect((await start()).status).toBe(200);
    await rd.cut();
    await expectUnavailable(await start());
    await expectUnavailable(await health());
    await rd.restore();
    await expectRecovery();
  });

  it("request log: entries recorded while PostgreSQL is gone are written once it returns, once each", async () => {
    process.env.REQUEST_LOG = "on";
    resetEnv();
    const { recordRequest, flushRequestLog } = await import("@/lib/request-log/record-request");
    const { db } = await import("@/lib/db");
    const requestIds = [crypto.randomUUID(), crypto.randomUUID()];
    await pg.cut();
    try {
      for (const requestId of requestIds) {
        recordRequest({
          developerId,
          apiKeyId: null,
          keyPrefix: null,
          clientReferenceId: null,
          method: "POST",
          path: "/sdk/session/start",
          status: 503,
          errorCode: "UNAVAILABLE",
          latencyMs: 3,
          requestId,
          createdAt: new Date(),
        });
      }
      await flushRequestLog();
    } finally {
      await pg.restore();
    }
    // The retry timer writes them without another request or flush.
    await vi.waitFor(
      async () => {
        const rows = await db.requestLog.findMany({
          where: { requestId: { in: requestIds } },
          select: { requestId: true },
        });
        expect(rows.map((r) => r.requestId).sort()).toEqual([...requestIds].sort());
      },
      { timeout: 10_000, interval: 250 },
    );
    await flushRequestLog();
    expect(await db.requestLog.count({ where: { requestId: { in: requestIds } } })).toBe(2);
    delete process.env.REQUEST_LOG;
    resetEnv();
  });
});
