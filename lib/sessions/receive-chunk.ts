import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError, bodyTooLarge } from "@/lib/http/errors";
import { reduceChunk, reduceHeader } from "@/lib/inference/reduce-as-arrives";
import { BODY_START, closeChunks, heldChunks, isClosed, writeChunk } from "@/lib/storage/local-chunks";
import { tensorBytes } from "@/lib/storage/local-storage";
import { isTensorGrid } from "@/sdk/src/tensor-grid";
import { OPEN_FOR_UPLOAD } from "./states";
import { checkContentType, commitTensor, forbidden, openForUpload } from "./upload-target";

// A chunked, resumable upload to the signed target (docs/api.md, "Chunked upload"): Content-Range
// PUTs as Google Cloud Storage's resumable uploads take them, with one difference the tensor
// format asks for: its header (frame count, body length, CRC) is known only when the capture
// ends, so body chunks come first, from byte 36 on, in order, and the 36-byte header last.
// A chunk must start where the server's bytes end: nothing is ever written twice, and a chunk
// that does not fit changes nothing. 308 (with Range) means "incomplete", 200 means whole.

export type UploadAnswer = { status: 200; etag: string } | { status: 308; range?: string };

type ContentRange = { kind: "query" } | { kind: "bytes"; first: number; last: number; total: number | null };

const RANGE = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15}|\*)$/;
const QUERY = /^bytes \*\/(\d{1,15}|\*)$/;

function parseContentRange(value: string): ContentRange {
  const v = value.trim();
  if (QUERY.test(v)) return { kind: "query" };
  const m = RANGE.exec(v);
  if (!m || Number(m[2]) < Number(m[1])) {
    throw new ApiError(
      "INVALID_REQUEST",
      "Content-Range must be 'bytes FIRST-LAST/*' (a body chunk), 'bytes 0-35/TOTAL' (the header) or 'bytes */*' (what is held)",
    );
  }
  return { kind: "bytes", first: Number(m[1]), last: Number(m[2]), total: m[3] === "*" ? null : Number(m[3]) };
}

/** The bytes the server holds, as a Range header's value; none when it holds nothing. */
function heldRange(end: number): string | undefined {
  return end > BODY_START ? `bytes=${BODY_START}-${end - 1}` : undefined;
}

function conflict(message: string, end: number): ApiError {
  const range = heldRange(end);
  return new ApiError("UPLOAD_CONFLICT", message, undefined, range ? { Range: range } : {});
}

export async function receiveChunk(req: Request, sessionId: string, now: Date): Promise<UploadAnswer> {
  const range = parseContentRange(req.headers.get("content-range")!);
  if (range.kind === "query") return heldBytes(sessionId, now);
  checkContentType(req);
  const max = env().MAX_TENSOR_BYTES;
  const length = range.last - range.first + 1;
  if (range.last + 1 > max) throw bodyTooLarge(`The chunk ends past byte ${max}, the tensor's limit`);
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) !== length) {
    throw new ApiError(
      "INVALID_REQUEST",
      `Content-Length ${declared} does not match the Content-Range's ${length} bytes`,
    );
  }
  if (!req.body) throw new ApiError("INVALID_REQUEST", "The chunk's body is empty");
  const body = req.body as WebReadableStream<Uint8Array>;
  if (range.first === 0) return receiveHeader(sessionId, range, body, now);
  if (range.first < BODY_START || range.total !== null) {
    throw new ApiError(
      "INVALID_REQUEST",
      `A body chunk starts at byte ${BODY_START} or later and gives no total ('bytes FIRST-LAST/*'); the total comes with the header`,
    );
  }
  await openForUpload(sessionId, now, range.last + 1);
  const held = await heldChunks(sessionId);
  if (await isClosed(sessionId)) throw conflict("The upload is closed: its header was received", held.end);
  if (range.first !== held.end) {
    throw conflict(`This chunk starts at byte ${range.first}; the server holds bytes up to ${held.end}`, held.end);
  }
  const file = await writeChunk(sessionId, range.first, length, body);
  if (!file) {
    const now = await heldChunks(sessionId);
    throw conflict(`Bytes from ${range.first} were already received`, now.end);
  }
  const reduced = await reduceChunk(sessionId, range.first, range.last + 1, file, BODY_START, announcedGrid(req));
  // The chunk stays held (nothing received is undone), but the tensor is refused: its scan gets
  // fallback vitals without the file being inflated again (docs/tensor-format.md, "Compression").
  if (reduced.bomb) throw bodyTooLarge(`The tensor is refused: its ${reduced.why}; no camera's tensor does`);
  return { status: 308, range: heldRange(range.last + 1) };
}

/**
 * The grid a body chunk says its tensor uses (`Tensor-Grid`, docs/api.md "Chunked upload"), so
 * its frames can be reduced before the header names it; 72 (version 1) when absent or unknown.
 * Only a hint: a header that names another grid has the file read instead.
 */
function announcedGrid(req: Request): number {
  const grid = Number(req.headers.get("tensor-grid"));
  return isTensorGrid(grid) ? grid : 72;
}

/** The header closes the upload: it must come after every body byte its total counts. */
async function receiveHeader(
  sessionId: string,
  range: Extract<ContentRange, { kind: "bytes" }>,
  body: WebReadableStream<Uint8Array>,
  now: Date,
): Promise<UploadAnswer> {
  if (range.last !== BODY_START - 1 || range.total === null) {
    throw new ApiError(
      "INVALID_REQUEST",
      `The header is bytes 0-${BODY_START - 1} and gives the total: 'bytes 0-35/TOTAL'`,
    );
  }
  const max = env().MAX_TENSOR_BYTES;
  if (range.total > max) throw bodyTooLarge(`The tensor's ${range.total} bytes exceed ${max}`);
  await openForUpload(sessionId, now, range.total);
  const held = await heldChunks(sessionId);
  if (held.end !== range.total) {
    throw conflict(
      `The header closes a ${range.total}-byte tensor, but the server holds bytes up to ${held.end}`,
      held.end,
    );
  }
  const header = await readHeader(body);
  const stored = await closeChunks(sessionId, header, held.files, commitTensor(sessionId));
  if (!stored) throw conflict("The upload is closed: its header was received", held.end);
  reduceHeader(sessionId, header, range.total);
  return { status: 200, etag: stored.etag };
}

/** The header's 36 bytes, read no further than one byte past them. */
async function readHeader(body: WebReadableStream<Uint8Array>): Promise<Uint8Array> {
  const bytes = new Uint8Array(BODY_START);
  let length = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (length + value.byteLength > BODY_START) {
        length += value.byteLength;
        break;
      }
      bytes.set(value, length);
      length += value.byteLength;
    }
  } catch {
    throw new ApiError("INVALID_REQUEST", "The upload was interrupted before the header arrived whole");
  } finally {
    reader.releaseLock();
  }
  if (length !== BODY_START) {
    throw new ApiError("INVALID_REQUEST", `The header is ${BODY_START} bytes; this body is not`);
  }
  return bytes;
}

// A status query (an empty PUT with Content-Range "bytes */*"): what the server holds, for a
// client resuming after a lost answer or a dropped connection.
async function heldBytes(sessionId: string, now: Date): Promise<UploadAnswer> {
  const session = await db.session.findFirst({
    where: { id: sessionId, status: { in: [...OPEN_FOR_UPLOAD] }, expiresAt: { gt: now } },
    select: { storageKey: true },
  });
  if (!session) throw forbidden("This session no longer accepts uploads");
  // The header's answer was lost: the upload is whole (its chunks, or the file they were joined into).
  if (await isClosed(sessionId)) return { status: 200, etag: "" };
  const held = await heldChunks(sessionId);
  if (held.end === BODY_START && session.storageKey && (await tensorBytes(sessionId))) return { status: 200, etag: "" };
  return { status: 308, range: heldRange(held.end) };
}
