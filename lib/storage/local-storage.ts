import { isDependencyDown } from "@/lib/http/unavailable";
import { createHash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { env } from "@/lib/env";
import { forgetReduction } from "@/lib/inference/reduce-as-arrives";
import { ApiError, bodyTooLarge } from "@/lib/http/errors";

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

// The disk said no (full, over quota, read-only, failing): the server's trouble, not the
// client's, and a retry may succeed once space is freed (docs/api.md: 503 UNAVAILABLE).
const STORAGE_FAULTS = new Set(["ENOSPC", "EDQUOT", "EROFS", "EIO", "EFBIG"]);
const STORAGE_RETRY_AFTER_SECONDS = 30;

function storageFault(err: unknown): ApiError | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !STORAGE_FAULTS.has(code)) return null;
  return new ApiError(
    "UNAVAILABLE",
    "The upload could not be stored right now (storage is full or failing); retry after the Retry-After seconds",
    STORAGE_RETRY_AFTER_SECONDS,
  );
}

/** Where upload bytes are written; a seam so tests can make the disk fail (e.g. ENOSPC). */
// Owner-only (0600 in a 0700 directory): a pending tensor is health data, not for other
// users of the machine.
const ownerOnly = (file: string) => createWriteStream(file, { mode: 0o600 });
let openWriteStream: (file: string) => Writable = ownerOnly;
export function setTensorWriteStream(open: ((file: string) => Writable) | null): void {
  openWriteStream = open ?? ownerOnly;
}

/** Makes STORAGE_DIR (owner-only); a disk fault is 503 UNAVAILABLE. */
export async function storageDir(): Promise<string> {
  await mkdir(dir(), { recursive: true, mode: 0o700 }).catch((err: unknown) => {
    throw storageFault(err) ?? err;
  });
  return dir();
}

/**
 * Streams a body into `file`, refusing it with 413 the moment it crosses maxBytes (or
 * `tooLarge`, when given). Answers its size and MD5; the caller removes the file on failure.
 */
export async function writeBody(
  body: WebReadableStream<Uint8Array>,
  file: string,
  maxBytes: number,
  tooLarge: () => ApiError = () => bodyTooLarge(`The tensor exceeds ${maxBytes} bytes`),
): Promise<{ bytes: number; md5: string }> {
  const md5 = createHash("md5");
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) return done(tooLarge());
      md5.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(body), counter, openWriteStream(file));
  return { bytes, md5: md5.digest("hex") };
}

/** What a failed write becomes: its own ApiError, 503 for a disk fault, else a broken body (400). */
export function uploadFailure(err: unknown): unknown {
  if (err instanceof ApiError || isDependencyDown(err)) return err;
  return (
    storageFault(err) ?? new ApiError("INVALID_REQUEST", "The upload was interrupted before the body arrived whole")
  );
}

/**
 * Streams a body to storage, refusing it with 413 the moment it crosses maxBytes. The partial
 * file is removed whatever goes wrong; a disk fault is 503 UNAVAILABLE, a broken body 400.
 * `beforeReplace` gets the body's size once it is whole, before it replaces what is stored: an
 * error it throws drops this body and leaves the stored tensor as it was.
 */
export async function storeTensor(
  sessionId: string,
  body: WebReadableStream<Uint8Array>,
  maxBytes: number,
  beforeReplace: (bytes: number) => Promise<void> = async () => undefined,
) {
  const partial = partialPath(await storageDir(), sessionId);
  try {
    const { bytes, md5 } = await writeBody(body, partial, maxBytes);
    await beforeReplace(bytes);
    await rename(partial, tensorPath(sessionId));
    // A whole upload replaces a chunked one, its chunks and its reduction.
    await rm(chunkDir(sessionId), { force: true, recursive: true });
    forgetReduction(sessionId);
    return { bytes, etag: `"${md5}"` };
  } catch (err) {
    await rm(partial, { force: true });
    throw uploadFailure(err);
  }
}

/** A fresh temporary name beside the tensors; the sweeper takes such files for partial uploads. */
export function partialPath(directory: string, sessionId: string): string {
  return path.join(directory, `${sessionId}.${randomBytes(6).toString("hex")}.part`);
}

/** The tensor and every chunk of an unfinished chunked upload (lib/storage/local-chunks.ts). */
export async function deleteTensor(sessionId: string): Promise<void> {
  forgetReduction(sessionId);
  await rm(tensorPath(sessionId), { force: true });
  await rm(chunkDir(sessionId), { force: true, recursive: true });
}

/** Where a chunked upload's pieces wait for its header (lib/storage/local-chunks.ts). */
export function chunkDir(sessionId: string): string {
  return path.join(dir(), `${sessionId}.chunks`);
}

export async function tensorExists(sessionId: string): Promise<boolean> {
  return (await tensorBytes(sessionId)) !== null;
}

export async function tensorBytes(sessionId: string): Promise<number | null> {
  return stat(tensorPath(sessionId)).then(
    (s) => s.size,
    () => null,
  );
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
  // A chunked upload's pieces are a folder (chunkDir).
  await rm(file, { force: true, recursive: true });
}
