import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError, bodyTooLarge } from "@/lib/http/errors";
import { storeTensor } from "@/lib/storage/local-storage";
import { isValidUploadSignature } from "@/lib/storage/upload-url";
import { canonicalSessionId, isSessionId } from "./schemas";
import { OPEN_FOR_UPLOAD } from "./states";

const ACCEPTED_TYPES = ["video/webm", "application/octet-stream"];

function forbidden(message: string): ApiError {
  return new ApiError("FORBIDDEN", message);
}

/**
 * The body with its first bytes already read, or null when it has none. The framework hands
 * the handler a stream even for `Content-Length: 0`, and a chunked body may end at once, so
 * only reading tells an empty upload apart.
 */
async function nonEmptyBody(body: ReadableStream<Uint8Array> | null): Promise<ReadableStream<Uint8Array> | null> {
  if (!body) return null;
  const reader = body.getReader();
  const read = () =>
    reader.read().catch(() => {
      throw new ApiError("INVALID_REQUEST", "The upload was interrupted before the body arrived whole");
    });
  let first = await read();
  while (!first.done && first.value.byteLength === 0) first = await read();
  if (first.done) return null;
  const head = first.value;
  return new ReadableStream({
    start: (controller) => controller.enqueue(head),
    pull: async (controller) => {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * The signed upload target: checks the signature, the size, that there is a body at all and the
 * session's state, then streams the body to storage. A second PUT before upload-complete
 * replaces the first.
 */
export async function receiveUpload(req: Request, pathId: string, now = new Date()) {
  // Signed, stored and looked up in lower case, as issued; the path may carry it in either case.
  const sessionId = canonicalSessionId(pathId);
  // With S3 the client PUTs to the bucket; this target would write where nothing reads.
  if (env().STORAGE_DRIVER !== "local") throw forbidden("Uploads go to the address returned by session start");
  const url = new URL(req.url);
  if (
    !isSessionId(sessionId) ||
    !isValidUploadSignature(sessionId, url.searchParams.get("expires"), url.searchParams.get("sig"), now)
  ) {
    throw forbidden("The upload address is invalid or has expired");
  }
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!ACCEPTED_TYPES.includes(type)) {
    throw new ApiError("INVALID_REQUEST", `Content-Type must be one of ${ACCEPTED_TYPES.join(", ")}`);
  }
  const max = env().MAX_TENSOR_BYTES;
  if (Number(req.headers.get("content-length") ?? 0) > max) {
    throw bodyTooLarge(`The tensor exceeds ${max} bytes`);
  }
  // Before the session is touched: an empty upload changes nothing (docs/api.md, PUT {upload_url}).
  const body = await nonEmptyBody(req.body);
  if (!body) throw new ApiError("INVALID_REQUEST", "The upload body is empty");
  // Marks the session as receiving; refuses sessions already completed, claimed or expired.
  const opened = await db.session.updateMany({
    where: { id: sessionId, status: { in: [...OPEN_FOR_UPLOAD] }, expiresAt: { gt: now } },
    data: { status: "uploading" },
  });
  if (opened.count === 0) throw forbidden("This session no longer accepts uploads");

  // Committed once the body is whole and before it replaces the stored tensor: if upload-complete
  // claimed the session while this body was still arriving, the body is dropped and the tensor
  // being measured stays as it was.
  const commit = async (bytes: number) => {
    const committed = await db.session.updateMany({
      where: { id: sessionId, status: { in: [...OPEN_FOR_UPLOAD] } },
      data: { storageKey: sessionId, uploadedBytes: BigInt(bytes) },
    });
    if (committed.count === 0) throw forbidden("This session no longer accepts uploads");
  };
  return storeTensor(sessionId, body as WebReadableStream<Uint8Array>, max, commit);
}
