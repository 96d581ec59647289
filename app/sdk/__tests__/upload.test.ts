import { createHash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { readFile, readdir, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { env, resetEnv } from "@/lib/env";
import { setTensorWriteStream, tensorPath } from "@/lib/storage/local-storage";
import { signedUploadUrl } from "@/lib/storage/upload-url";
import { createDeveloperWithKeys } from "@/test/fixtures";
import { startSession, uploadComplete, uploadTensor } from "@/test/sdk-client";

afterEach(() => {
  delete process.env.MAX_TENSOR_BYTES;
  resetEnv();
});

async function newSession() {
  const { test } = await createDeveloperWithKeys();
  const session = await (await startSession({ key: test.key })).json();
  return { key: test.key, session };
}

/** A body that arrives in chunks with no Content-Length, like a chunked transfer. */
function chunked(total: number, chunk = 1 << 20): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const n = Math.min(chunk, total - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(7));
    },
  });
}

describe("PUT {upload_url}", () => {
  it("stores a 45 MB tensor whole, answers 200 with an empty body and an ETag", async () => {
    const { session } = await newSession();
    const body = randomBytes(44_789_760);
    const res = await uploadTensor(session.upload_url, body, "video/webm");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    expect(res.headers.get("etag")).toBe(`"${createHash("md5").update(body).digest("hex")}"`);
    const stored = await readFile(tensorPath(session.session_id));
    expect(createHash("sha256").update(stored).digest("hex")).toBe(createHash("sha256").update(body).digest("hex"));
    // Health data: only the service's own user may read it.
    expect((await stat(tensorPath(session.session_id))).mode & 0o777).toBe(0o600);
    expect((await stat(dirname(tensorPath(session.session_id)))).mode & 0o077).toBe(0);
    const row = await db.session.findUniqueOrThrow({ where: { id: session.session_id } });
    expect(row.status).toBe("uploading");
    expect(row.uploadedBytes).toBe(BigInt(body.length));
  });

  it("replaces the first upload with a second one before upload-complete", async () => {
    const { session } = await newSession();
    await uploadTensor(session.upload_url, new Uint8Array(10).fill(1));
    expect((await uploadTensor(session.upload_url, new Uint8Array(20).fill(2))).status).toBe(200);
    expect(await readFile(tensorPath(session.session_id))).toEqual(Buffer.alloc(20, 2));
  });

  it("takes the upload at its address with the session id in upper case: the same session, stored as issued", async () => {
    const { session } = await newSession();
    const url = new URL(session.upload_url);
    url.pathname = `/upload/${session.session_id.toUpperCase()}`;
    const res = await uploadTensor(url.toString(), new Uint8Array(16).fill(3));
    expect(res.status).toBe(200);
    expect(await readFile(tensorPath(session.session_id))).toEqual(Buffer.alloc(16, 3));
    const row = await db.session.findUniqueOrThrow({ where: { id: session.session_id } });
    expect(row.uploadedBytes).toBe(16n);
  });

  it("413 PAYLOAD_TOO_LARGE from Content-Length before reading the body", async () => {
    const { session } = await newSession();
    const res = await uploadTensor(session.upload_url, chunked(10), "application/octet-stream", {
      "content-length": String(129 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: "PAYLOAD_TOO_LARGE", retryable: false });
  });

  it("413 as soon as a chunked body without Content-Length crosses the cap, keeping nothing", async () => {
    process.env.MAX_TENSOR_BYTES = String(4 * 1024 * 1024);
    resetEnv();
    const { session } = await newSession();
    const res = await uploadTensor(session.upload_url, chunked(64 * 1024 * 1024));
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe("PAYLOAD_TOO_LARGE");
    const files = await readdir(env().storageDir).catch(() => []);
    expect(files.filter((f) => f.startsWith(session.session_id))).toEqual([]);
  });

  it.each([
    ["a tampered signature", (u: URL) => u.searchParams.set("sig", "0".repeat(64))],
    ["a missing signature", (u: URL) => u.searchParams.delete("sig")],
    ["a changed expiry", (u: URL) => u.searchParams.set("expires", String(Number(u.searchParams.get("expires")) + 60))],
    ["another session's path", (u: URL) => (u.pathname = `/upload/${crypto.randomUUID()}`)],
  ])("403 FORBIDDEN for %s", async (_label, tamper) => {
    const { session } = await newSession();
    const url = new URL(session.upload_url);
    tamper(url);
    const res = await uploadTensor(url.toString(), new Uint8Array(10));
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("FORBIDDEN");
  });

  it("storage full while the body arrives: 503 UNAVAILABLE in the flat body, retryable, no partial file left, and the session still takes the upload", async () => {
    const { key, session } = await newSession();
    // The disk fills up after the first megabyte: the real file is written until then.
    setTensorWriteStream((file) => {
      const disk = createWriteStream(file);
      let written = 0;
      return new Writable({
        write(chunk: Buffer, _enc, done) {
          written += chunk.length;
          if (written > 1 << 20)
            return done(
              Object.assign(new Error("ENOSPC: no space left on device, write"), {
                code: "ENOSPC",
                errno: -28,
                syscall: "write",
              }),
            );
          disk.write(chunk, done);
        },
        final(done) {
          disk.end(done);
        },
        destroy(err, done) {
          disk.destroy();
          done(err);
        },
      });
    });
    try {
      const res = await uploadTensor(session.upload_url, chunked(4 << 20), "application/octet-stream");
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        error: "UNAVAILABLE",
        retryable: true,
        retryAfter: 30,
        message: expect.stringMatching(/storage/i),
      });
      expect(res.headers.get("retry-after")).toBe("30");
      expect(res.headers.get("x-request-id")).toBeTruthy();
    } finally {
      setTensorWriteStream(null);
    }
    const left = (await readdir(env().storageDir).catch(() => [] as string[])).filter((f) =>
      f.startsWith(session.session_id),
    );
    expect(left).toEqual([]);
    // Space is back: the same address takes the tensor and the scan completes.
    expect((await uploadTensor(session.upload_url, new Uint8Array(64).fill(3))).status).toBe(200);
    expect((await uploadComplete({ key }, { session_id: session.session_id })).status).toBe(200);
  });

  it("400 INVALID_REQUEST for an empty body, declared or streamed, leaving the session and an earlier upload as they were", async () => {
    const { key, session } = await newSession();
    const empties: [string, () => Promise<Response>][] = [
      ["Content-Length: 0", () => uploadTensor(session.upload_url, new Uint8Array(0))],
      ["a chunked body with no bytes", () => uploadTensor(session.upload_url, chunked(0))],
    ];
    for (const [label, send] of empties) {
      const res = await send();
      expect(res.status, label).toBe(400);
      expect(await res.json(), label).toMatchObject({ error: "INVALID_REQUEST", message: "The upload body is empty" });
      const row = await db.session.findUniqueOrThrow({ where: { id: session.session_id } });
      expect([row.status, row.uploadedBytes], label).toEqual(["created", null]);
    }
    // Nothing to complete: no scan with fallback vitals.
    expect((await uploadComplete({ key }, { session_id: session.session_id })).status).toBe(400);
    // An empty PUT after a real one keeps the real one.
    expect((await uploadTensor(session.upload_url, new Uint8Array(20).fill(2))).status).toBe(200);
    expect((await uploadTensor(session.upload_url, new Uint8Array(0))).status).toBe(400);
    expect(await readFile(tensorPath(session.session_id))).toEqual(Buffer.alloc(20, 2));
    const row = await db.session.findUniqueOrThrow({ where: { id: session.session_id } });
    expect([row.status, row.uploadedBytes]).toEqual(["uploading", 20n]);
  });

  it("403 FORBIDDEN for an expired upload address", async () => {
    const { session } = await newSession();
    const url = signedUploadUrl(session.session_id, new Date(Date.now() - 1000));
    expect((await uploadTensor(url, new Uint8Array(10))).status).toBe(403);
  });

  it("a second PUT still arriving when upload-complete claims the session: 403, and the tensor being measured stays as it was", async () => {
    const { session } = await newSession();
    expect((await uploadTensor(session.upload_url, new Uint8Array(10).fill(1))).status).toBe(200);
    let finish!: () => void;
    const held = new Promise<void>((r) => {
      finish = r;
    });
    const second = uploadTensor(
      session.upload_url,
      new ReadableStream<Uint8Array>({
        async start(c) {
          c.enqueue(new Uint8Array(20).fill(2));
          await held;
          c.close();
        },
      }),
    );
    // The body has begun (the session is marked uploading); now upload-complete claims it.
    await vi.waitFor(
      async () =>
        expect((await db.session.findUnique({ where: { id: session.session_id } }))?.status).toBe("uploading"),
      { timeout: 5000, interval: 10 },
    );
    await db.session.update({ where: { id: session.session_id }, data: { status: "processing" } });
    finish();
    const res = await second;
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("FORBIDDEN");
    expect(await readFile(tensorPath(session.session_id))).toEqual(Buffer.alloc(10, 1));
  });

  it("403 FORBIDDEN for a PUT after upload-complete", async () => {
    const { key, session } = await newSession();
    await uploadTensor(session.upload_url, new Uint8Array(10));
    expect((await uploadComplete({ key }, { session_id: session.session_id })).status).toBe(200);
    const res = await uploadTensor(session.upload_url, new Uint8Array(10));
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("FORBIDDEN");
  });

  it("400 INVALID_REQUEST for another Content-Type", async () => {
    const { session } = await newSession();
    const res = await uploadTensor(session.upload_url, new Uint8Array(10), "image/png");
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("INVALID_REQUEST");
  });
});
