import { link, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
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
const nameOf = (start: number) => String(start).padStart(12, "0");

/** The chunks held, in order, up to the first gap; their end is where the next chunk must start. */
export async function heldChunks(sessionId: string): Promise<{ files: string[]; end: number }> {
  const folder = chunkDir(sessionId);
  const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => NAME.test(n)).sort();
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
 * Streams one chunk of exactly `length` bytes and links it in at `start`. Answers false, keeping
 * nothing, when another request already wrote a chunk at that offset.
 */
export async function writeChunk(
  sessionId: string,
  start: number,
  length: number,
  body: WebReadableStream<Uint8Array>,
): Promise<boolean> {
  await storageDir();
  const folder = chunkDir(sessionId);
  await mkdir(folder, { recursive: true, mode: 0o700 }).catch((err: unknown) => {
    throw uploadFailure(err);
  });
  const partial = partialPath(folder, sessionId);
  try {
    const tooLong = () =>
      new ApiError("INVALID_REQUEST", `The chunk's body is longer than the ${length} bytes its Content-Range gives`);
    const { bytes } = await writeBody(body, partial, length, tooLong);
    if (bytes !== length) throw shortChunk(bytes, length);
    return await link(partial, path.join(folder, nameOf(start))).then(
      () => true,
      (err: NodeJS.ErrnoException) => {
        if (err.code === "EEXIST") return false;
        throw err;
      },
    );
  } catch (err) {
    throw uploadFailure(err);
  } finally {
    await rm(partial, { force: true });
  }
}

function shortChunk(bytes: number, length: number) {
  return new ApiError("INVALID_REQUEST", `The chunk's body is ${bytes} bytes; its Content-Range gives ${length}`);
}

/**
 * The header after the chunks it closes: header and chunks are written, in order, into one file
 * that replaces the stored tensor once `beforeReplace` agrees, and the chunks go.
 */
export async function joinChunks(
  sessionId: string,
  header: Uint8Array,
  files: string[],
  beforeReplace: (bytes: number) => Promise<void>,
): Promise<{ bytes: number; etag: string }> {
  const partial = partialPath(await storageDir(), sessionId);
  const md5 = createHash("md5").update(header);
  let bytes = header.byteLength;
  try {
    const out = createWriteStream(partial, { mode: 0o600 });
    async function* pieces() {
      yield header;
      for (const file of files) {
        for await (const piece of createReadStream(file, { highWaterMark: 1 << 20 })) {
          md5.update(piece as Buffer);
          bytes += (piece as Buffer).length;
          yield piece as Buffer;
        }
      }
    }
    await pipeline(pieces, out);
    await beforeReplace(bytes);
    await rename(partial, tensorPath(sessionId));
  } catch (err) {
    await rm(partial, { force: true });
    throw uploadFailure(err);
  }
  await rm(chunkDir(sessionId), { force: true, recursive: true });
  return { bytes, etag: `"${md5.digest("hex")}"` };
}
