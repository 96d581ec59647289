import { randomUUID } from "node:crypto";
import { mkdir, readdir, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env, resetEnv } from "@/lib/env";
import { setSdkClock } from "@/lib/http/with-api-key";
import { chunkDir, tensorExists, tensorPath } from "@/lib/storage/local-storage";
import { hourlyRequestCount } from "@/lib/limits/rate-limiter";
import { createApiKey, createDeveloperWithKeys, fillRateWindow } from "@/test/fixtures";
import { mintedToken, pollResult, startSession, TOKEN_ORIGIN, uploadTensor } from "@/test/sdk-client";
import { runOnOwnDatabase } from "@/test/own-database";
import { sweep } from "./sweep";

// A database of its own: the sweep deletes every expired session and client token, and sweeps
// at a clock minutes ahead would take those of the test files running beside this one.
runOnOwnDatabase("vitals_sweep");

afterEach(() => {
  setSdkClock(() => new Date());
  delete process.env.PERSIST_VITALS;
  resetEnv();
});

const HOUR = 3600_000;

async function uploadedSession(key: string) {
  const s = await (await startSession({ key })).json();
  await uploadTensor(s.upload_url, new Uint8Array(16));
  return s.session_id as string;
}

describe("sweep", () => {
  it("deletes sessions that expired before completion, with their tensors", async () => {
    const { test } = await createDeveloperWithKeys();
    const id = await uploadedSession(test.key);
    await sweep(new Date(Date.now() + 10 * 60_000));
    expect(await db.session.count({ where: { id } })).toBe(1);
    await sweep(new Date(Date.now() + 16 * 60_000));
    expect(await db.session.count({ where: { id } })).toBe(0);
    expect(await tensorExists(id)).toBe(false);
  });

  it("deletes an abandoned chunked upload's chunks with its session: nothing of them is left on disk", async () => {
    const { test } = await createDeveloperWithKeys();
    const s = await (await startSession({ key: test.key })).json();
    const part = (first: number) =>
      uploadTensor(s.upload_url, new Uint8Array(1000).fill(5), "application/octet-stream", {
        "content-range": `bytes ${first}-${first + 999}/*`,
      });
    expect((await part(36)).status).toBe(308);
    expect((await part(1036)).status).toBe(308);
    // Two chunks, each with its MD5 beside it.
    expect(await readdir(chunkDir(s.session_id))).toHaveLength(4);
    await sweep(new Date(Date.now() + 16 * 60_000));
    expect(await db.session.count({ where: { id: s.session_id } })).toBe(0);
    const left = (await readdir(env().storageDir)).filter((name) => name.startsWith(s.session_id));
    expect(left).toEqual([]);
  });

  it("deletes the chunks of a session that is gone (an orphan), as it deletes partial uploads", async () => {
    const id = randomUUID();
    await mkdir(chunkDir(id), { recursive: true });
    await writeFile(path.join(chunkDir(id), "000000000036"), new Uint8Array(10));
    expect((await sweep()).orphanedObjects).toBeGreaterThanOrEqual(1);
    expect((await readdir(env().storageDir)).filter((name) => name.startsWith(id))).toEqual([]);
  });

  it("with persistence off, deletes a session stuck in processing (its worker died) and its tensor", async () => {
    const { test } = await createDeveloperWithKeys();
    const id = await uploadedSession(test.key);
    await db.session.update({
      where: { id },
      data: { status: "processing", processingStartedAt: new Date(Date.now() - 6 * 60_000) },
    });
    const report = await sweep();
    expect(report.stuckSessions).toBeGreaterThanOrEqual(1);
    expect(await db.session.count({ where: { id } })).toBe(0);
    expect(await tensorExists(id)).toBe(false);
  });

  it("with persistence on, marks a stuck session failed with fallback vitals that polling serves", async () => {
    process.env.PERSIST_VITALS = "true";
    resetEnv();
    const { test } = await createDeveloperWithKeys();
    const id = await uploadedSession(test.key);
    await db.session.update({
      where: { id },
      data: { status: "processing", processingStartedAt: new Date(Date.now() - 6 * 60_000) },
    });
    await sweep();
    const polled = await (await pollResult({ key: test.key }, id)).json();
    expect(polled.status).toBe("failed");
    expect(polled.vitals.confidence).toBe(0);
    expect(await tensorExists(id)).toBe(false);
  });

  it("deletes orphaned tensors and stale partial uploads, and keeps a waiting session's tensor", async () => {
    const { test } = await createDeveloperWithKeys();
    const waiting = await uploadedSession(test.key);
    const dir = path.resolve(env().storageDir);
    await mkdir(dir, { recursive: true });
    const orphan = randomUUID();
    await writeFile(tensorPath(orphan), "x");
    const partial = path.join(dir, `${waiting}.abc123.part`);
    await writeFile(partial, "x");
    const old = new Date(Date.now() - HOUR);
    await utimes(partial, old, old);
    await sweep();
    expect(await tensorExists(orphan)).toBe(false);
    expect(await tensorExists(waiting)).toBe(true);
    await expect(import("node:fs/promises").then((f) => f.stat(partial))).rejects.toThrow();
  });

  it("purges revoked keys after 90 days, which then answer API_KEY_INVALID", async () => {
    const { developer } = await createDeveloperWithKeys();
    const old = await createApiKey(developer.id, "live", { revokedAt: new Date(Date.now() - 91 * 24 * HOUR) });
    const recent = await createApiKey(developer.id, "live", { revokedAt: new Date(Date.now() - 89 * 24 * HOUR) });
    await sweep();
    expect((await (await startSession({ key: old.key })).json()).error).toBe("API_KEY_INVALID");
    expect((await (await startSession({ key: recent.key })).json()).error).toBe("API_KEY_REVOKED");
  });

  it("deletes expired client tokens, which then answer API_KEY_INVALID, and keeps live ones", async () => {
    const { test } = await createDeveloperWithKeys();
    const short = await mintedToken(test.key, { ttl_seconds: 30 });
    const long = await mintedToken(test.key, { ttl_seconds: 900 });
    await sweep(new Date(Date.now() + 60_000));
    expect(await db.clientToken.count({ where: { apiKeyId: test.id } })).toBe(1);
    const call = (key: string) => startSession({ key, headers: { origin: TOKEN_ORIGIN } });
    expect((await (await call(short)).json()).error).toBe("API_KEY_INVALID");
    expect((await call(long)).status).toBe(200);
  });

  it("prunes rate-limit rows that left the window", async () => {
    const { developer } = await createDeveloperWithKeys();
    await fillRateWindow(developer.id, [new Date(Date.now() - 2 * HOUR), new Date()]);
    await sweep();
    expect(await db.rateHit.count({ where: { developerId: developer.id } })).toBe(1);
    expect(await hourlyRequestCount(developer.id)).toBe(1);
  });
});
