import { createHash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import type { StoredObject, TensorStorage } from "./types";
import { signedUploadUrl } from "./upload-url";

// The default driver keeps tensors in STORAGE_DIR, only between upload and processing. Its
// upload target (PUT /upload/{id}, lib/sessions/receive-upload.ts) calls storeTensor: uploads
// are streamed to a temporary file and renamed into place when whole, so a reader never sees
// half a tensor.
const SUFFIX = ".tensor";

function dir(): string {
  return path.resolve(env().storageDir);
}

export function tensorPath(sessionId: string): string {
  return path.join(dir(), `${sessionId}${SUFFIX}`);
}

/** Streams a body to storage, refusing it with 413 the moment it crosses maxBytes. */
export async function storeTensor(sessionId: string, body: WebReadableStream<Uint8Array>, maxBytes: number) {
  await mkdir(dir(), { recursive: true });
  const partial = path.join(dir(), `${sessionId}.${randomBytes(6).toString("hex")}.part`);
  const md5 = createHash("md5");
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) return done(new ApiError("PAYLOAD_TOO_LARGE", `The tensor exceeds ${maxBytes} bytes`));
      md5.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(body), counter, createWriteStream(partial));
    await rename(partial, tensorPath(sessionId));
  } catch (err) {
    await rm(partial, { force: true });
    if (err instanceof ApiError) throw err;
    throw new ApiError("INVALID_REQUEST", "The upload was interrupted before the body arrived whole");
  }
  return { bytes, etag: `"${md5.digest("hex")}"` };
}

export async function deleteTensor(sessionId: string): Promise<void> {
  await rm(tensorPath(sessionId), { force: true });
}

export async function tensorExists(sessionId: string): Promise<boolean> {
  return stat(tensorPath(sessionId)).then(() => true, () => false);
}

/** Every stored object (finished or partial) with the session it belongs to and its age. */
export async function listStoredObjects(): Promise<{ file: string; sessionId: string; modifiedAt: Date }[]> {
  const names = await readdir(dir()).catch(() => [] as string[]);
  const entries = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir(), name);
      const info = await stat(file).catch(() => null);
      return info ? { file, sessionId: name.split(".")[0], modifiedAt: info.mtime } : null;
    }),
  );
  return entries.filter((e) => e !== null);
}

export async function deleteStoredObject(file: string): Promise<void> {
  await rm(file, { force: true });
}

/**
 * The default driver: this app hosts the signed upload target (PUT /upload/{id}), which
 * streams to STORAGE_DIR and enforces the size limit itself, so the file is already local.
 */
export function localTensorStorage(): TensorStorage {
  return {
    uploadUrl: async (sessionId, expiresAt) => signedUploadUrl(sessionId, expiresAt),
    // The upload is renamed into place only when whole, so an existing file is a complete tensor.
    hasTensor: (sessionId) => tensorExists(sessionId),
    withLocalCopy: (sessionId, fn) => fn(tensorPath(sessionId)),
    deleteTensor,
    listObjects: async (): Promise<StoredObject[]> =>
      (await listStoredObjects()).map((o) => ({ ref: o.file, sessionId: o.sessionId, modifiedAt: o.modifiedAt, partial: o.file.endsWith(".part") })),
    deleteObject: deleteStoredObject,
  };
}
