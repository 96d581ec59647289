import { link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createReadStream, createWriteStream } from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { chunkDir, partialPath, storageDir, tensorPath, uploadFailure, writeBody } from "./local-storage";
import { ApiError } from "@/lib/http/errors";

// A chunked upload with the default driver (docs/api.md, "Chunked upload"): each body chunk is a
// file of its own in `{sessionId}.chunks/`, named by the byte offset it starts at. A chunk is
// linked into place under that name, which fails when the name is taken, so two requests can
// never both write the same offset; the header, sent last, joins them into the tensor file.

/** The tensor's 36-byte header comes first in the file, and last in a chunked upload. */
export const BODY_START = 36;

const NAME = /^\d{12}$/;
/** Each part's MD5 (hex) in a file beside it, for the upload's ETag. */
const MD5_SUFFIX = ".md5";
const nameOf = (start: number) => String(start).padStart(12, "0");
/** The header, linked in last at offset 0, closes the upload. */
const HEADER_NAME = nameOf(0);

/** The chunks held, in order, up to the first gap; their end is where the next chunk must start. */
export async function heldChunks(sessionId: string): Promise<{ files: string[]; end: number }> {
  const folder = chunkDir(sessionId);
  const names = (await readdir(folder).catch(() => [] as string[]))
    .filter((n) => NAME.test(n) && n !== HEADER_NAME)
    .sort();
  const files: string[] = [];
  let end = BODY_START;
  for (const name of names) {
    if (Number(name) !== end) break;
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => null);
    if (!info) break;
    files.push(file);
    end += info.size;
  }
  return { files, end };
}

/**
 * Streams one chunk of exactly `length` bytes and links it in at `start`: answers its file, or
 * null, keeping nothing, when another request already wrote a chunk at that offset.
 */
export async function writeChunk(
  sessionId: string,
  start: number,
  length: number,
  body: WebReadableStream<Uint8Array>,
): Promise<string | null> {
  await storageDir();
  const folder = chunkDir(sessionId);
  await mkdir(folder, { recursive: true, mode: 0o700 }).catch((err: unknown) => {
    throw uploadFailure(err);
  });
  const partial = partialPath(folder, sessionId);
  try {
    const tooLong = () =>
      new ApiError("INVALID_REQUEST", `The chunk's body is longer than the ${length} bytes its Content-Range gives`);
    const { bytes, md5 } = await writeBody(body, partial, length, tooLong);
    if (bytes !== length) throw shortChunk(bytes, length);
    const file = path.join(folder, nameOf(start));
    return (await linkPart(partial, file, md5)) ? file : null;
  } catch (err) {
    throw uploadFailure(err);
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * Links a written part in under its offset's name, which fails when the name is taken (another
 * request wrote that offset first: false), and keeps its MD5 beside it.
 */
async function linkPart(partial: string, file: string, md5: string): Promise<boolean> {
  const linked = await link(partial, file).then(
    () => true,
    (err: NodeJS.ErrnoException) => {
      if (err.code === "EEXIST") return false;
      throw err;
    },
  );
  if (linked) await writeFile(`${file}${MD5_SUFFIX}`, md5);
  return linked;
}

function shortChunk(bytes: number, length: number) {
  return new ApiError("INVALID_REQUEST", `The chunk's body is ${bytes} bytes; its Content-Range gives ${length}`);
}

/**
 * The header after the chunks it closes: linked in at offset 0, it makes the chunks the stored
 * tensor, which replaces an earlier one once `beforeReplace` agrees. They are joined into one
 * file only when a reader needs one (withJoinedTensor): a tensor reduced as it arrived never is.
 * Answers null when another request closed the upload first. The ETag is S3's multipart one:
 * the MD5 of the parts' MD5s, then "-" and their count (each part's MD5 kept beside it).
 */
export async function closeChunks(
  sessionId: string,
  header: Uint8Array,
  files: string[],
  beforeReplace: (bytes: number) => Promise<void>,
): Promise<{ bytes: number; etag: string } | null> {
  const folder = chunkDir(sessionId);
  await mkdir(folder, { recursive: true, mode: 0o700 }).catch((err: unknown) => {
    throw uploadFailure(err);
  });
  const partial = partialPath(folder, sessionId);
  const file = path.join(folder, HEADER_NAME);
  try {
    await writeFile(partial, header, { mode: 0o600 });
    if (!(await linkPart(partial, file, createHash("md5").update(header).digest("hex")))) return null;
    const sizes = await Promise.all(files.map((f) => stat(f).then((s) => s.size)));
    const bytes = header.byteLength + sizes.reduce((a, b) => a + b, 0);
    await beforeReplace(bytes).catch(async (err: unknown) => {
      await rm(file, { force: true });
      throw err;
    });
    // The chunks are the tensor now: an earlier whole upload goes.
    await rm(tensorPath(sessionId), { force: true });
    const md5s = await Promise.all([file, ...files].map((f) => readFile(`${f}${MD5_SUFFIX}`, "utf8").catch(() => "")));
    const etag = createHash("md5")
      .update(Buffer.from(md5s.join(""), "hex"))
      .digest("hex");
    return { bytes, etag: `"${etag}-${md5s.length}"` };
  } catch (err) {
    throw uploadFailure(err);
  } finally {
    await rm(partial, { force: true });
  }
}

/** The parts of a closed chunked upload (header first), or null when the upload is not closed. */
export async function closedChunks(sessionId: string): Promise<{ files: string[]; bytes: number } | null> {
  const header = path.join(chunkDir(sessionId), HEADER_NAME);
  const info = await stat(header).catch(() => null);
  if (!info) return null;
  const held = await heldChunks(sessionId);
  return { files: [header, ...held.files], bytes: info.size + held.end - BODY_START };
}

/** Whether the upload's header has come: no chunk is taken after it. */
export async function isClosed(sessionId: string): Promise<boolean> {
  return (await stat(path.join(chunkDir(sessionId), HEADER_NAME)).catch(() => null)) !== null;
}

/**
 * The tensor as one file, for a reader that needs one (the inference workers read files): a
 * closed chunked upload is joined into it the first time, and its chunks go.
 */
export async function joinedTensor(sessionId: string): Promise<string> {
  const parts = await closedChunks(sessionId);
  if (!parts) return tensorPath(sessionId);
  const partial = partialPath(await storageDir(), sessionId);
  try {
    async function* pieces() {
      for (const file of parts!.files) yield* createReadStream(file, { highWaterMark: 1 << 20 });
    }
    await pipeline(pieces, createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, tensorPath(sessionId));
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  await rm(chunkDir(sessionId), { force: true, recursive: true });
  return tensorPath(sessionId);
}
