import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnv } from "@/lib/env";
import { holdsReduction, takeReduction } from "@/lib/inference/reduce-as-arrives";
import { encodeTensor as encodeOnDevice } from "@/sdk/src/encode-tensor";
import { synthesizeFrames } from "@vitals/inference";
import { chunkDir, deleteTensor } from "@/lib/storage/local-storage";
import { tensorStorage } from "@/lib/storage/storage";
import { signedUploadUrl } from "@/lib/storage/upload-url";
import { expectError } from "@/test/expect-error";
import { createDeveloperWithKeys } from "@/test/fixtures";
import { startSession, uploadComplete, uploadTensor } from "@/test/sdk-client";
import { syntheticTensor } from "@/test/tensors";

// The chunked, resumable upload (docs/api.md, "Chunked upload"): body chunks from byte 36 in
// order, the header last, a status query to resume; nothing is ever written twice.

afterEach(() => {
  delete process.env.MAX_TENSOR_BYTES;
  resetEnv();
});

async function newSession() {
  const { test } = await createDeveloperWithKeys();
  const session = (await (await startSession({ key: test.key })).json()) as { session_id: string; upload_url: string };
  return { key: test.key, id: session.session_id, url: session.upload_url };
}

const put = (url: string, range: string, body: Uint8Array | null = null) =>
  uploadTensor(url, body ?? new Uint8Array(0), "application/octet-stream", { "content-range": range });
const query = (url: string) => put(url, "bytes */*");
const chunk = (url: string, tensor: Uint8Array, first: number, last: number) =>
  put(url, `bytes ${first}-${last}/*`, tensor.subarray(first, last + 1));
const header = (url: string, tensor: Uint8Array) => put(url, `bytes 0-35/${tensor.length}`, tensor.subarray(0, 36));

/** What the server holds of a session's chunks, file by file. */
async function heldFiles(id: string) {
  const names = (await readdir(chunkDir(id)).catch(() => [])).sort();
  return Promise.all(
    names.map(async (n) => [
      n,
      createHash("md5")
        .update(await readFile(`${chunkDir(id)}/${n}`))
        .digest("hex"),
    ]),
  );
}

describe("chunked PUT {upload_url}", () => {
  it("takes body chunks in order and the header last: 308 with the held Range, then 200 with the ETag of the whole tensor, which upload-complete measures", async () => {
    const { key, id, url } = await newSession();
    const { tensor } = syntheticTensor({ gzip: true });
    expect((await query(url)).status).toBe(308);
    expect((await query(url)).headers.get("range")).toBeNull();
    const cut = 36 + Math.floor((tensor.length - 36) / 2);
    const first = await chunk(url, tensor, 36, cut - 1);
    expect(first.status).toBe(308);
    expect(first.headers.get("range")).toBe(`bytes=36-${cut - 1}`);
    expect(first.headers.get("access-control-expose-headers")).toContain("Range");
    expect((await query(url)).headers.get("range")).toBe(`bytes=36-${cut - 1}`);
    expect((await chunk(url, tensor, cut, tensor.length - 1)).headers.get("range")).toBe(
      `bytes=36-${tensor.length - 1}`,
    );
    const done = await header(url, tensor);
    expect(done.status).toBe(200);
    // S3's multipart ETag: the MD5 of the parts' MD5s (header, then the chunks), and their count.
    const parts = [tensor.subarray(0, 36), tensor.subarray(36, cut), tensor.subarray(cut)];
    const md5s = Buffer.concat(parts.map((p) => createHash("md5").update(p).digest()));
    expect(done.headers.get("etag")).toBe(`"${createHash("md5").update(md5s).digest("hex")}-3"`);
    expect((await db.session.findUniqueOrThrow({ where: { id } })).uploadedBytes).toBe(BigInt(tensor.length));
    expect(await tensorStorage().tensorBytes(id)).toBe(tensor.length);
    // Joined into one file only when a reader needs one; the chunks then go.
    const joined = await tensorStorage().withLocalCopy(id, (file) => readFile(file));
    expect(Buffer.compare(joined, tensor)).toBe(0);
    expect(await heldFiles(id)).toEqual([]);
    // The header's answer lost: asking again says the upload is whole.
    expect((await query(url)).status).toBe(200);
    const res = await uploadComplete({ key }, { session_id: id });
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe("completed");
  });

  it("409 UPLOAD_CONFLICT for a repeated, overlapping or early chunk, with the held Range, changing nothing received", async () => {
    const { id, url } = await newSession();
    const { tensor } = syntheticTensor();
    await chunk(url, tensor, 36, 1035);
    await chunk(url, tensor, 1036, 2035);
    const before = await heldFiles(id);
    for (const [first, last] of [
      [36, 1035], // repeated
      [1036, 3000], // the same start, longer
      [500, 2500], // overlapping
      [2036 + 10, 3000], // past a gap
    ]) {
      const res = await put(url, `bytes ${first}-${last}/*`, new Uint8Array(last - first + 1).fill(9));
      const body = await expectError(res, 409, "UPLOAD_CONFLICT");
      expect(body.message).toMatch(/byte/);
      expect(res.headers.get("range")).toBe("bytes=36-2035");
    }
    // A header whose total is not what is held.
    await expectError(await header(url, tensor), 409, "UPLOAD_CONFLICT");
    expect(await heldFiles(id)).toEqual(before);
    // Once the header closed the upload, no chunk is taken, not even one that starts where it ended.
    expect((await put(url, "bytes 0-35/2036", tensor.subarray(0, 36))).status).toBe(200);
    await expectError(await put(url, "bytes 2036-2135/*", new Uint8Array(100)), 409, "UPLOAD_CONFLICT");
    await expectError(await put(url, "bytes 0-35/2036", tensor.subarray(0, 36)), 409, "UPLOAD_CONFLICT");
    expect((await query(url)).status).toBe(200);
  });

  it("two requests racing for the same offset: one is taken whole, the other is 409", async () => {
    const { id, url } = await newSession();
    const a = new Uint8Array(4000).fill(1);
    const b = new Uint8Array(3000).fill(2);
    const answers = await Promise.all([put(url, "bytes 36-4035/*", a), put(url, "bytes 36-3035/*", b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([308, 409]);
    const held = await readFile(`${chunkDir(id)}/000000000036`);
    expect([a.length, b.length]).toContain(held.length);
    expect(new Set(held).size).toBe(1);
  });

  it("403 FORBIDDEN for another session's address, a forged or an expired signature, leaving both sessions as they were", async () => {
    const one = await newSession();
    const other = await newSession();
    const { tensor } = syntheticTensor();
    await chunk(one.url, tensor, 36, 1035);
    const swapped = new URL(other.url);
    swapped.pathname = `/upload/${one.id}`;
    const forged = new URL(one.url);
    forged.searchParams.set("sig", "0".repeat(64));
    const expired = signedUploadUrl(one.id, new Date(Date.now() - 1000));
    for (const u of [swapped.toString(), forged.toString(), expired]) {
      await expectError(await chunk(u, tensor, 1036, 2035), 403, "FORBIDDEN");
      await expectError(await query(u), 403, "FORBIDDEN");
    }
    expect((await query(one.url)).headers.get("range")).toBe("bytes=36-1035");
    expect(await heldFiles(other.id)).toEqual([]);
  });

  it("413 PAYLOAD_TOO_LARGE for a chunk or a header past the size cap, before the body is read, keeping nothing", async () => {
    process.env.MAX_TENSOR_BYTES = "5000";
    resetEnv();
    const { id, url } = await newSession();
    await put(url, "bytes 36-2035/*", new Uint8Array(2000).fill(1));
    const before = await heldFiles(id);
    await expectError(await put(url, "bytes 2036-5035/*", new Uint8Array(3000).fill(2)), 413, "PAYLOAD_TOO_LARGE");
    await expectError(await put(url, "bytes 0-35/6000", new Uint8Array(36)), 413, "PAYLOAD_TOO_LARGE");
    expect(await heldFiles(id)).toEqual(before);
  });

  it("400 INVALID_REQUEST for a body shorter or longer than its Content-Range, a bad range or a short header, keeping nothing", async () => {
    const { id, url } = await newSession();
    await put(url, "bytes 36-135/*", new Uint8Array(100).fill(1));
    const before = await heldFiles(id);
    await expectError(await put(url, "bytes 136-235/*", new Uint8Array(50)), 400, "INVALID_REQUEST");
    await expectError(await put(url, "bytes 136-235/*", new Uint8Array(150)), 400, "INVALID_REQUEST");
    await expectError(await put(url, "bytes 136-100/*", new Uint8Array(1)), 400, "INVALID_REQUEST");
    await expectError(await put(url, "bytes 10-20/*", new Uint8Array(11)), 400, "INVALID_REQUEST");
    await expectError(await put(url, "bytes 136-235/5000", new Uint8Array(100)), 400, "INVALID_REQUEST");
    await expectError(await put(url, "bytes 0-35/136", new Uint8Array(20)), 400, "INVALID_REQUEST");
    await expectError(await put(url, "items 0-35/136", new Uint8Array(36)), 400, "INVALID_REQUEST");
    expect(await heldFiles(id)).toEqual(before);
    expect((await query(url)).headers.get("range")).toBe("bytes=36-135");
  });

  it("reduced as it arrives: upload-complete measures the reduction (the vitals of the whole tensor), and keeps nothing of it", async () => {
    const { live } = await createDeveloperWithKeys();
    const { tensor } = syntheticTensor({ gzip: true, frameCount: 600, heartRate: 84, seed: 3 });
    const scan = async (chunked: boolean) => {
      const s = await (await startSession({ key: live.key })).json();
      if (chunked) {
        for (let at = 36; at < tensor.length; at += 1_000_000)
          expect((await chunk(s.upload_url, tensor, at, Math.min(at + 1_000_000, tensor.length) - 1)).status).toBe(308);
        expect((await header(s.upload_url, tensor)).status).toBe(200);
        expect(holdsReduction(s.session_id)).toBe(true);
      } else expect((await uploadTensor(s.upload_url, tensor)).status).toBe(200);
      const res = await uploadComplete({ key: live.key }, { session_id: s.session_id });
      expect(res.status).toBe(200);
      expect(holdsReduction(s.session_id)).toBe(false);
      return (await res.json()).vitals;
    };
    const whole = await scan(false);
    const reduced = await scan(true);
    expect(reduced.confidence).toBeGreaterThan(0);
    expect(Math.abs(reduced.heart_rate - whole.heart_rate)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(reduced.heart_rate - 84)).toBeLessThan(3);
  });

  it("a version 2 tensor (a coarse grid): reduced as it arrives when its chunks announce the grid, read from the file when they do not; the same vitals as sent whole", async () => {
    const { live } = await createDeveloperWithKeys();
    const synth = synthesizeFrames({ seed: 5, heartRate: 91, frameCount: 600, noise: 2 });
    const tensor = await encodeOnDevice(synth.frames, { fps: synth.fps, gzip: true, grid: 36 });
    const scan = async (grid: string | null) => {
      const s = await (await startSession({ key: live.key })).json();
      if (grid === "whole") expect((await uploadTensor(s.upload_url, tensor)).status).toBe(200);
      else {
        const hint: Record<string, string> = grid ? { "tensor-grid": grid } : {};
        const sent = await uploadTensor(s.upload_url, tensor.subarray(36), "application/octet-stream", {
          "content-range": `bytes 36-${tensor.length - 1}/*`,
          ...hint,
        });
        expect(sent.status).toBe(308);
        expect((await header(s.upload_url, tensor)).status).toBe(200);
        // The reduction, taken here (upload-complete then reads the file): made only for the grid announced.
        const reduction = await takeReduction(s.session_id);
        expect(reduction === null, `reduction with Tensor-Grid ${grid}`).toBe(grid !== "36");
      }
      const res = await uploadComplete({ key: live.key }, { session_id: s.session_id });
      expect(res.status).toBe(200);
      return (await res.json()).vitals;
    };
    const whole = await scan("whole");
    expect(Math.abs(whole.heart_rate - 91)).toBeLessThan(3);
    for (const grid of ["36", "72", null]) expect((await scan(grid)).heart_rate).toBe(whole.heart_rate);
  });

  it("a gzip body broken midway, in 2 MiB chunks: upload-complete answers fallback vitals at once, never hangs", async () => {
    const { live } = await createDeveloperWithKeys();
    const { tensor } = syntheticTensor({ gzip: true, frameCount: 600, seed: 9 });
    const broken = new Uint8Array(tensor);
    broken.fill(0xff, Math.floor(broken.length / 2), Math.floor(broken.length / 2) + 4096);
    const s = await (await startSession({ key: live.key })).json();
    for (let at = 36; at < broken.length; at += 2_097_152)
      expect((await chunk(s.upload_url, broken, at, Math.min(at + 2_097_152, broken.length) - 1)).status).toBe(308);
    expect((await header(s.upload_url, broken)).status).toBe(200);
    const started = performance.now();
    const res = await uploadComplete({ key: live.key }, { session_id: s.session_id });
    expect(res.status).toBe(200);
    expect((await res.json()).vitals.confidence).toBe(0);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("an abandoned chunked upload's reduction goes with its tensor", async () => {
    const { id, url } = await newSession();
    const { tensor } = syntheticTensor({ gzip: true });
    await chunk(url, tensor, 36, tensor.length - 1);
    await header(url, tensor);
    expect(holdsReduction(id)).toBe(true);
    await deleteTensor(id);
    expect(holdsReduction(id)).toBe(false);
  });

  it("403 FORBIDDEN for a chunk or a status query once upload-complete has taken the session", async () => {
    const { key, id, url } = await newSession();
    const { tensor } = syntheticTensor();
    await chunk(url, tensor, 36, tensor.length - 1);
    await header(url, tensor);
    expect((await uploadComplete({ key }, { session_id: id })).status).toBe(200);
    await expectError(await chunk(url, tensor, 36, 1035), 403, "FORBIDDEN");
    await expectError(await query(url), 403, "FORBIDDEN");
  });
});
