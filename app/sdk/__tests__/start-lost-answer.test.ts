import { afterEach, describe, expect, it, vi } from "vitest";
import { db, getDb, pgPool } from "@/lib/db";
import { hashClientToken } from "@/lib/keys/client-token-format";
import { setLogSink } from "@/lib/logger";
import { createDeveloperWithKeys, setScansThisMonth } from "@/test/fixtures";
import { uniqueIp } from "@/test/ip";
import { mintedToken, startSession, TOKEN_ORIGIN } from "@/test/sdk-client";

// A session start whose statement commits while its answer is lost with the database (the
// connection broke after the commit): the client gets 503 and starts again; the lost session is
// undone once the database is back, so the retry is the only scan charged (docs/api.md).

const month = () => new Date().toISOString().slice(0, 7);
const scans = async (developerId: string) =>
  (await db.usageMonth.findUnique({ where: { developerId_month: { developerId, month: month() } } }))?.scanCount ?? 0;
const lostAnswer = () => Object.assign(new Error("Connection terminated unexpectedly"), { code: "ECONNRESET" });

afterEach(() => vi.restoreAllMocks());

describe("session start whose answer was lost with the database", () => {
  it("secret key (the one-statement start): 503, the session is deleted and its scan given back, the retry pays one", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    await setScansThisMonth(developer.id, 10);
    const pool = pgPool()!;
    const real = pool.query.bind(pool) as (q: unknown) => Promise<unknown>;
    vi.spyOn(pool, "query").mockImplementation((async (q: { name?: string }) => {
      const out = await real(q);
      if (q?.name?.startsWith("vitals-start-")) throw lostAnswer();
      return out;
    }) as never);
    const lost = await startSession({ key: live.key, ip: uniqueIp() });
    expect(lost.status).toBe(503);
    expect((await lost.json()).error).toBe("UNAVAILABLE");
    vi.restoreAllMocks();
    // Committed: the scan was counted and a session exists, which no client knows of.
    expect(await scans(developer.id)).toBe(11);
    // The undo runs 2 s on and again while the database is away; on a busy machine (three test
    // files at once) that can take several rounds.
    await vi.waitFor(async () => expect(await scans(developer.id)).toBe(10), { timeout: 20_000, interval: 100 });
    expect(await db.session.count({ where: { developerId: developer.id } })).toBe(0);
    const day = await db.keyUsageDay.findMany({ where: { apiKeyId: live.id } });
    expect(day.map((d) => d.scanCount)).toEqual([0]);

    const retried = await startSession({ key: live.key, ip: uniqueIp() });
    expect(retried.status).toBe(200);
    expect(retried.headers.get("x-usage-current")).toBe("11");
    expect(await scans(developer.id)).toBe(11);
  });

  it("client token with one scan: its scan is given back too, so the retry with the same token works", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    const token = await mintedToken(live.key);
    const call = { ip: uniqueIp(), headers: { authorization: `Bearer ${token}`, origin: TOKEN_ORIGIN } };
    const client = getDb();
    const real = client.$transaction.bind(client) as (...a: unknown[]) => Promise<unknown>;
    vi.spyOn(client, "$transaction").mockImplementationOnce((async (...args: unknown[]) => {
      await real(...args);
      throw lostAnswer();
    }) as never);
    const lost = await startSession(call);
    expect(lost.status).toBe(503);
    vi.restoreAllMocks();
    const used = () =>
      db.clientToken
        .findUniqueOrThrow({ where: { tokenHash: hashClientToken(token) } })
        .then((t: { scansUsed: number }) => t.scansUsed);
    await vi.waitFor(async () => expect(await used()).toBe(0), { timeout: 20_000, interval: 100 });
    expect(await scans(developer.id)).toBe(0);
    expect(await db.session.count({ where: { developerId: developer.id } })).toBe(0);

    const retried = await startSession(call);
    expect(retried.status).toBe(200);
    expect(await used()).toBe(1);
    expect(await scans(developer.id)).toBe(1);
  });

  it("a start that failed before anything was written undoes nothing", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    await setScansThisMonth(developer.id, 3);
    const pool = pgPool()!;
    vi.spyOn(pool, "query").mockImplementation((async () => {
      throw lostAnswer();
    }) as never);
    expect((await startSession({ key: live.key, ip: uniqueIp() })).status).toBe(503);
    vi.restoreAllMocks();
    const kept = await startSession({ key: live.key, ip: uniqueIp() });
    expect(kept.status).toBe(200);
    // Past the undo's first attempt (2 s): the session the retry made and its scan stay.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await scans(developer.id)).toBe(4);
    expect(await db.session.count({ where: { developerId: developer.id } })).toBe(1);
  });

  it("a client that breaks off its body mid-way is no outage: 400, nothing to undo, no database warning", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    await setScansThisMonth(developer.id, 5);
    const lines: string[] = [];
    const previous = setLogSink((line) => lines.push(line));
    try {
      // What Node gives the body of a request whose client closed the connection.
      const aborted = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"demographics":'));
          controller.error(aborted);
        },
      });
      const res = await startSession({ key: live.key, ip: uniqueIp() }, body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe("INVALID_REQUEST");
    } finally {
      setLogSink(previous);
    }
    expect(lines.filter((l) => JSON.parse(l).level !== "info")).toEqual([]);
    expect(await scans(developer.id)).toBe(5);
    expect(await db.session.count({ where: { developerId: developer.id } })).toBe(0);
  });
});
