import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createDeveloper } from "@/test/fixtures";
import { listQueue, type QueueRow } from "./queues";
import { FAILED_REQUESTS_THRESHOLD } from "./schemas";
import { FAILED_PANEL_SIZE, recentFailedRequests } from "./failed-requests";

const HOUR = 3_600_000;

/** Request-log rows for an account: `n` answers with this status and code, `hoursAgo` old (spread over a few seconds). */
async function logRequests(developerId: string, n: number, status: number, errorCode: string | null, hoursAgo = 1) {
  const at = Date.now() - hoursAgo * HOUR;
  await db.requestLog.createMany({
    data: Array.from({ length: n }, (_, i) => ({
      developerId,
      keyPrefix: "vk_test_abc",
      method: "POST",
      path: "/sdk/upload/complete",
      status,
      errorCode,
      latencyMs: 5,
      requestId: randomUUID(),
      createdAt: new Date(at - i * 1000),
    })),
  });
}

/** Every row of the queue, page after page (the test database holds other suites' accounts too). */
async function failingRows() {
  const rows: QueueRow[] = [];
  for (let page = 1; ; page++) {
    const p = await listQueue("failing", page);
    rows.push(...p.rows);
    if (page >= p.pageCount) return rows;
  }
}

describe("many failed requests queue", () => {
  it("holds accounts with at least the threshold of status >= 400 in the last 24 hours, most first, with the most common code", async () => {
    const atThreshold = await createDeveloper();
    await logRequests(atThreshold.id, FAILED_REQUESTS_THRESHOLD - 8, 404, "SESSION_NOT_FOUND");
    await logRequests(atThreshold.id, 8, 400, "INVALID_REQUEST");
    await logRequests(atThreshold.id, 50, 200, null);
    const heavier = await createDeveloper();
    await logRequests(heavier.id, FAILED_REQUESTS_THRESHOLD + 10, 503, "SERVICE_UNAVAILABLE");
    const justUnder = await createDeveloper();
    await logRequests(justUnder.id, FAILED_REQUESTS_THRESHOLD - 1, 429, "RATE_LIMITED");
    const yesterday = await createDeveloper(); // many failures, but 25 hours old, plus a few recent ones
    await logRequests(yesterday.id, 40, 500, "INTERNAL", 25);
    await logRequests(yesterday.id, 5, 500, "INTERNAL");
    const successful = await createDeveloper(); // busy, but nothing failed
    await logRequests(successful.id, 100, 200, null);
    await logRequests(successful.id, 30, 304, null);

    const rows = await failingRows();
    const ids = rows.map((r) => r.id);
    expect(rows.find((r) => r.id === atThreshold.id)?.failures).toEqual({
      count: FAILED_REQUESTS_THRESHOLD,
      top_error: "SESSION_NOT_FOUND",
    });
    expect(rows.find((r) => r.id === heavier.id)?.failures).toEqual({
      count: FAILED_REQUESTS_THRESHOLD + 10,
      top_error: "SERVICE_UNAVAILABLE",
    });
    expect(ids.indexOf(heavier.id)).toBeLessThan(ids.indexOf(atThreshold.id));
    for (const d of [justUnder, yesterday, successful]) expect(ids).not.toContain(d.id);
    const counts = rows.map((r) => r.failures!.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });
});

describe("account page: recent failed requests", () => {
  it("the account's own newest failures only, a small page, with what the log kept and nothing more", async () => {
    const dev = await createDeveloper();
    const other = await createDeveloper();
    await logRequests(dev.id, 5, 200, null, 0); // the newest answers succeeded: not shown
    await logRequests(dev.id, FAILED_PANEL_SIZE + 5, 404, "SESSION_NOT_FOUND", 2);
    await logRequests(other.id, 10, 500, "INTERNAL", 0);
    const rows = await recentFailedRequests(dev.id);
    expect(rows).toHaveLength(FAILED_PANEL_SIZE);
    const mine = await db.requestLog.findMany({
      where: { developerId: dev.id, status: { gte: 400 } },
      orderBy: { createdAt: "desc" },
      take: FAILED_PANEL_SIZE,
    });
    expect(rows.map((r) => r.request_id)).toEqual(mine.map((r) => r.requestId));
    expect(rows.map((r) => r.at)).toEqual([...rows.map((r) => r.at)].sort((a, b) => b - a));
    expect(rows[0]).toMatchObject({
      method: "POST",
      path: "/sdk/upload/complete",
      status: 404,
      error: "SESSION_NOT_FOUND",
      key_prefix: "vk_test_abc",
    });
    expect(Object.keys(rows[0]).sort()).toEqual([
      "at",
      "client_reference_id",
      "error",
      "key_id",
      "key_prefix",
      "latency_ms",
      "method",
      "path",
      "request_id",
      "status",
    ]);
    expect(await recentFailedRequests(randomUUID())).toEqual([]);
  });
});
