import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { resetEnv } from "@/lib/env";
import * as requestLog from "@/app/developer/request-log/route";
import * as profile from "@/app/developer/profile/route";
import { issueIdToken } from "@/lib/auth/id-token";
import { findRequestForSupport, pruneRequestLog } from "@/lib/request-log/list-requests";
import { flushRequestLog } from "@/lib/request-log/record-request";
import { createApiKey, createDeveloperWithKeys } from "@/test/fixtures";
import { startSession } from "@/test/sdk-client";
import { call } from "@/test/developer-helpers";
import { uniqueIp } from "@/test/ip";

afterEach(() => {
  delete process.env.REQUEST_LOG;
  resetEnv();
});

async function account() {
  const { developer, live, test } = await createDeveloperWithKeys({ plan: "enterprise" });
  const { id_token } = await issueIdToken(developer);
  return { developer, live, test, token: id_token };
}

/** Polls the developer API the way a developer would, until the entry shows or 5 s pass. */
function logged(token: string, query: Record<string, string>) {
  return vi.waitFor(
    async () => {
      const res = await call(requestLog.GET, "GET", "/developer/request-log", { token, query });
      expect(res.status).toBe(200);
      // The page, not the total: the two are read separately, so a batch landing in between can
      // give a total of 1 with an empty page.
      expect(res.body.requests.length).toBeGreaterThan(0);
      return res.body;
    },
    { timeout: 5000, interval: 100 },
  );
}

describe("request log", () => {
  it("a request made with a key appears with its request id within seconds, never with a secret", async () => {
    const { live, token } = await account();
    const res = await startSession({ key: live.key, ip: uniqueIp() }, { demographics: { age: 40 } });
    expect(res.status).toBe(200);
    const requestId = res.headers.get("x-request-id")!;
    const body = await logged(token, { request_id: requestId });
    expect(body.requests).toEqual([
      {
        request_id: requestId,
        at: expect.any(Number),
        method: "POST",
        path: "/sdk/session/start",
        status: 200,
        error: null,
        latency_ms: expect.any(Number),
        key_id: live.id,
        key_prefix: live.prefix,
        client_reference_id: null,
      },
    ]);
    const row = await db.requestLog.findFirstOrThrow({ where: { requestId } });
    expect(JSON.stringify(row, (_k, v) => (typeof v === "bigint" ? String(v) : v))).not.toContain(live.key);
  });

  it("records the error code of a failed call; filters by status class, key, path and page", async () => {
    const { developer, live, test, token } = await account();
    await startSession({ key: test.key, ip: uniqueIp() }, "{not json");
    await startSession({ key: live.key, ip: uniqueIp() }, {});
    await call(profile.GET, "GET", "/developer/profile", { token });
    await flushRequestLog();

    const failed = await logged(token, { status: "4xx" });
    expect(failed.requests).toHaveLength(1);
    expect(failed.requests[0]).toMatchObject({
      status: 400,
      error: "INVALID_REQUEST",
      key_id: test.id,
      path: "/sdk/session/start",
    });
    expect((await logged(token, { key_id: live.id })).requests.map((r: { status: number }) => r.status)).toEqual([200]);
    expect((await logged(token, { path: "/developer/" })).requests[0]).toMatchObject({
      path: "/developer/profile",
      key_id: null,
      key_prefix: null,
    });

    await flushRequestLog();
    const paged = await call(requestLog.GET, "GET", "/developer/request-log", {
      token,
      query: { page_size: "4", page: "2" },
    });
    // The log's own reads are logged too: the 3 calls above and the 3 reads before this one.
    expect(paged.body).toMatchObject({ page: 2, page_size: 4, total: 6 });
    // Newest first: the 3 reads and the profile on page 1, the two session starts on page 2.
    expect(paged.body.requests.map((r: { status: number; key_id: string }) => [r.status, r.key_id])).toEqual([
      [200, live.id],
      [400, test.id],
    ]);
    expect(await db.requestLog.count({ where: { developerId: developer.id, status: { gte: 400 } } })).toBe(1);

    const bad = await call(requestLog.GET, "GET", "/developer/request-log", { token, query: { status: "6xx" } });
    expect(bad).toMatchObject({ status: 400, body: { error: "INVALID_REQUEST" } });
  });

  it("takes the path filter as a literal prefix: % and _ match only themselves, a NUL is a 400", async () => {
    const { token } = await account();
    await call(profile.GET, "GET", "/developer/profile", { token });
    await flushRequestLog();
    expect((await logged(token, { path: "/dev" })).total).toBeGreaterThan(0);
    for (const path of ["/%", "/_eveloper", "/developer/%", "/\\"]) {
      const res = await call(requestLog.GET, "GET", "/developer/request-log", { token, query: { path } });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(0);
    }
    const nul = await call(requestLog.GET, "GET", "/developer/request-log", { token, query: { path: "/a\u0000b" } });
    expect(nul).toMatchObject({ status: 400, body: { error: "INVALID_REQUEST" } });
  });

  it("logs nothing for a request no account is known for, and another account's entries stay hidden", async () => {
    const { token } = await account();
    const other = await account();
    const unknown = await startSession({ key: `ck_live_${"0".repeat(64)}`, ip: uniqueIp() });
    const theirs = await startSession({ key: other.live.key, ip: uniqueIp() });
    await flushRequestLog();
    expect(await db.requestLog.count({ where: { requestId: unknown.headers.get("x-request-id")! } })).toBe(0);
    const mine = await call(requestLog.GET, "GET", "/developer/request-log", {
      token,
      query: { request_id: theirs.headers.get("x-request-id")! },
    });
    expect(mine.body.total).toBe(0);
  });

  it("support staff find any request by its id, with its account", async () => {
    const { developer, live } = await account();
    const res = await startSession({ key: live.key, ip: uniqueIp() });
    await flushRequestLog();
    const found = await findRequestForSupport(res.headers.get("x-request-id")!);
    expect(found).toMatchObject({
      status: 200,
      key_prefix: live.prefix,
      developer: { id: developer.id, email: developer.email },
    });
    expect(await findRequestForSupport("not-a-uuid")).toBeNull();
  });

  it("keeps 30 days: the sweeper deletes older entries", async () => {
    const { developer } = await account();
    const key = await createApiKey(developer.id, "test");
    const base = {
      developerId: developer.id,
      apiKeyId: key.id,
      keyPrefix: key.prefix,
      method: "GET",
      path: "/x",
      status: 200,
      latencyMs: 1,
    };
    const now = new Date();
    await db.requestLog.createMany({
      data: [
        { ...base, requestId: crypto.randomUUID(), createdAt: new Date(now.getTime() - 31 * 86_400_000) },
        { ...base, requestId: crypto.randomUUID(), createdAt: new Date(now.getTime() - 29 * 86_400_000) },
      ],
    });
    await pruneRequestLog(now);
    const left = await db.requestLog.findMany({ where: { developerId: developer.id } });
    expect(left).toHaveLength(1);
    expect(left[0].createdAt.getTime()).toBe(now.getTime() - 29 * 86_400_000);
  });

  it("REQUEST_LOG=off writes nothing", async () => {
    process.env.REQUEST_LOG = "off";
    resetEnv();
    const { developer, live } = await account();
    await startSession({ key: live.key, ip: uniqueIp() });
    await flushRequestLog();
    expect(await db.requestLog.count({ where: { developerId: developer.id } })).toBe(0);
  });
});
