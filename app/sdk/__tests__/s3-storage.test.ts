import { randomUUID } from "node:crypto";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env, resetEnv } from "@/lib/env";
import { sweep } from "@/lib/sessions/sweep";
import { signedUploadUrl } from "@/lib/storage/upload-url";
import { createDeveloperWithKeys } from "@/test/fixtures";
import { S3_TEST_BUCKET, startS3Storage } from "@/test/s3-server";
import { startSession, uploadComplete, uploadTensor } from "@/test/sdk-client";
import { syntheticTensor } from "@/test/tensors";
import { runOnOwnDatabase } from "@/test/own-database";

// STORAGE_DRIVER=s3 end to end against a real S3-compatible server: the client PUTs straight
// to the presigned URL, and upload-complete reads the object back, runs inference, deletes it.
let s3: Awaited<ReturnType<typeof startS3Storage>>;

// Its sweeps run at the real clock: on the shared database they pruned the hourly windows that
// other files fill at a fixed past time (start-rules-readers failed once on Node 24 in CI).
runOnOwnDatabase("vitals_s3");

beforeAll(async () => {
  s3 = await startS3Storage();
});
afterAll(async () => {
  await s3.stop();
});
afterEach(() => {
  delete process.env.MAX_TENSOR_BYTES;
  resetEnv();
});

async function started(key: string) {
  const res = await startSession({ key });
  expect(res.status).toBe(200);
  return (await res.json()) as { session_id: string; upload_url: string; expires_at: number };
}

function put(url: string, body: Uint8Array, contentType = "video/webm") {
  return fetch(url, { method: "PUT", headers: { "content-type": contentType }, body: body as BodyInit });
}

const objectKey = (sessionId: string) => `tensors/${sessionId}`;

async function downloadsLeft(): Promise<string[]> {
  return readdir(path.resolve(env().DATA_DIR, "s3-downloads")).catch(() => []);
}

describe("STORAGE_DRIVER=s3", () => {
  it("session start returns a presigned PUT URL to the bucket, valid until the session expires", async () => {
    const { live } = await createDeveloperWithKeys();
    const session = await started(live.key);
    const url = new URL(session.upload_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${s3.endpoint}/${S3_TEST_BUCKET}/${objectKey(session.session_id)}`);
    expect(url.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    // Content-Type is not signed, so both accepted types can be sent.
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("host");
    const lifetime = Number(url.searchParams.get("X-Amz-Expires"));
    const untilExpiry = session.expires_at - Math.floor(Date.now() / 1000);
    expect(Math.abs(lifetime - untilExpiry)).toBeLessThanOrEqual(2);
  });

  it("a real tensor PUT to the URL gets real inference on upload-complete, then the object is gone", async () => {
    const { live } = await createDeveloperWithKeys();
    const session = await started(live.key);
    const { tensor, truth } = syntheticTensor({ heartRate: 72 });
    const uploaded = await put(session.upload_url, tensor);
    expect(uploaded.status).toBe(200);
    expect(await s3.keys(objectKey(session.session_id))).toEqual([objectKey(session.session_id)]);

    const res = await uploadComplete({ key: live.key }, { session_id: session.session_id });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe("completed");
    expect(body.vitals.confidence).toBeGreaterThan(0);
    expect(Math.abs(body.vitals.heart_rate - truth.heartRate)).toBeLessThan(3);
    expect(body.processing_time_ms).toBeGreaterThanOrEqual(0);
    expect(await s3.keys(objectKey(session.session_id))).toEqual([]);
    expect(await downloadsLeft()).toEqual([]);
  });

  it("upload-complete without an upload answers 400 INVALID_REQUEST and keeps the session", async () => {
    const { live, test } = await createDeveloperWithKeys();
    for (const key of [live.key, test.key]) {
      const session = await started(key);
      const res = await uploadComplete({ key }, { session_id: session.session_id });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error).toBe("INVALID_REQUEST");
      expect(body.message).toBe("No complete tensor has been uploaded for this session");
      expect((await db.session.findUnique({ where: { id: session.session_id } }))?.status).toBe("created");
    }
  });

  it("an empty object is no upload: upload-complete answers 400 INVALID_REQUEST and keeps the session", async () => {
    const { live } = await createDeveloperWithKeys();
    const session = await started(live.key);
    // The bucket takes an empty PUT; the service must not answer it as a scan with fallback vitals.
    expect((await put(session.upload_url, new Uint8Array(0), "application/octet-stream")).status).toBe(200);
    const res = await uploadComplete({ key: live.key }, { session_id: session.session_id });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: "INVALID_REQUEST",
      message: "No complete tensor has been uploaded for this session",
    });
    expect((await db.session.findUnique({ where: { id: session.session_id } }))?.status).toBe("created");
  });

  it("a garbage object gets fallback vitals (confidence 0) and is deleted", async () => {
    const { live } = await createDeveloperWithKeys();
    const session = await started(live.key);
    expect((await put(session.upload_url, new Uint8Array(5000).fill(3), "application/octet-stream")).status).toBe(200);
    const res = await uploadComplete({ key: live.key }, { session_id: session.session_id });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.vitals.confidence).toBe(0);
    expect(body).not.toHaveProperty("processing_time_ms");
    expect(await s3.keys(objectKey(session.session_id))).toEqual([]);
  });

  it("an object larger than MAX_TENSOR_BYTES: 413 PAYLOAD_TOO_LARGE at upload-complete, before any download; the object goes, the session stays", async () => {
    // A real tensor one byte over the cap: without the cap it would get real vitals.
    const { tensor } = syntheticTensor({ heartRate: 72 });
    process.env.MAX_TENSOR_BYTES = String(tensor.length - 1);
    resetEnv();
    const { live } = await createDeveloperWithKeys();
    const session = await started(live.key);
    // A presigned PUT cannot cap the size, so S3 stores it; the cap is applied at upload-complete.
    expect((await put(session.upload_url, tensor)).status).toBe(200);
    const res = await uploadComplete({ key: live.key }, { session_id: session.session_id });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      error: "PAYLOAD_TOO_LARGE",
      retryable: false,
      message: expect.stringContaining(String(tensor.length)),
    });
    expect(await s3.keys(objectKey(session.session_id))).toEqual([]);
    expect(await downloadsLeft()).toEqual([]);
    expect((await db.session.findUniqueOrThrow({ where: { id: session.session_id } })).status).toBe("created");
    // The same session takes a tensor within the cap.
    process.env.MAX_TENSOR_BYTES = String(tensor.length);
    resetEnv();
    expect((await put(session.upload_url, tensor)).status).toBe(200);
    const done = await uploadComplete({ key: live.key }, { session_id: session.session_id });
    expect(done.status).toBe(200);
    expect((await done.json()).vitals.confidence).toBeGreaterThan(0.5);
  });

  it("the sandbox needs the object too, ignores its content, and deletes it", async () => {
    const { test } = await createDeveloperWithKeys();
    const session = await started(test.key);
    expect((await put(session.upload_url, new Uint8Array(7).fill(9))).status).toBe(200);
    const res = await uploadComplete({ key: test.key }, { session_id: session.session_id });
    expect(res.status).toBe(200);
    expect((await res.json()).processing_time_ms).toBeGreaterThanOrEqual(0);
    expect(await s3.keys(objectKey(session.session_id))).toEqual([]);
  });

  it("an expired session's object is deleted on upload-complete (404) and by the sweeper", async () => {
    const { test } = await createDeveloperWithKeys();
    const a = await started(test.key);
    const b = await started(test.key);
    for (const s of [a, b]) expect((await put(s.upload_url, new Uint8Array(16))).status).toBe(200);
    // Expire just these two sessions, so the sweep touches no other test's rows.
    await db.session.updateMany({
      where: { id: { in: [a.session_id, b.session_id] } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });

    const res = await uploadComplete({ key: test.key }, { session_id: a.session_id });
    expect(res.status).toBe(404);
    expect(await s3.keys(objectKey(a.session_id))).toEqual([]);

    await sweep();
    expect(await db.session.count({ where: { id: b.session_id } })).toBe(0);
    expect(await s3.keys(objectKey(b.session_id))).toEqual([]);
  });

  it("the sweeper deletes an orphaned object and keeps a waiting session's object", async () => {
    const { test } = await createDeveloperWithKeys();
    const waiting = await started(test.key);
    expect((await put(waiting.upload_url, new Uint8Array(16))).status).toBe(200);
    const orphan = objectKey(randomUUID());
    await s3.put(orphan, new Uint8Array(16));
    const report = await sweep();
    expect(report.orphanedObjects).toBeGreaterThanOrEqual(1);
    expect(await s3.keys(orphan)).toEqual([]);
    expect(await s3.keys(objectKey(waiting.session_id))).toEqual([objectKey(waiting.session_id)]);
  });

  it("the sweeper deletes a working copy a dead process left behind, once its session is gone", async () => {
    const dir = path.resolve(env().DATA_DIR, "s3-downloads");
    await mkdir(dir, { recursive: true });
    const left = path.join(dir, `${randomUUID()}.abc123.tensor`);
    await writeFile(left, "x");
    await sweep();
    expect(await downloadsLeft()).not.toContain(path.basename(left));
  });

  it("the app's own upload target refuses PUTs while the s3 driver is configured", async () => {
    const { test } = await createDeveloperWithKeys();
    const session = await started(test.key);
    const local = signedUploadUrl(session.session_id, new Date(session.expires_at * 1000));
    const res = await uploadTensor(local, new Uint8Array(16));
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("FORBIDDEN");
  });
});
