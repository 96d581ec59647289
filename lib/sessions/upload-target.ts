import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { isValidUploadSignature } from "@/lib/storage/upload-url";
import { canonicalSessionId, isSessionId } from "./schemas";
import { OPEN_FOR_UPLOAD } from "./states";

// What every PUT to the default driver's signed upload target checks and commits, whole
// (receive-upload.ts) or in chunks (receive-chunk.ts).

const ACCEPTED_TYPES = ["video/webm", "application/octet-stream"];

export function forbidden(message: string): ApiError {
  return new ApiError("FORBIDDEN", message);
}

/** The signed target's own checks: the driver, the signature (which binds the session) and its expiry. */
export function signedSessionId(req: Request, pathId: string, now: Date): string {
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
  return sessionId;
}

export function checkContentType(req: Request): void {
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!ACCEPTED_TYPES.includes(type)) {
    throw new ApiError("INVALID_REQUEST", `Content-Type must be one of ${ACCEPTED_TYPES.join(", ")}`);
  }
}

/** Marks the session as receiving; refuses sessions already completed, claimed or expired. */
export async function openForUpload(sessionId: string, now: Date): Promise<void> {
  const opened = await db.session.updateMany({
    where: { id: sessionId, status: { in: [...OPEN_FOR_UPLOAD] }, expiresAt: { gt: now } },
    data: { status: "uploading" },
  });
  if (opened.count === 0) throw forbidden("This session no longer accepts uploads");
}

/**
 * Committed once a tensor is whole and before it replaces the stored one: if upload-complete
 * claimed the session while the body was still arriving, the body is dropped and the tensor
 * being measured stays as it was.
 */
export function commitTensor(sessionId: string) {
  return async (bytes: number) => {
    const committed = await db.session.updateMany({
      where: { id: sessionId, status: { in: [...OPEN_FOR_UPLOAD] } },
      data: { storageKey: sessionId, uploadedBytes: BigInt(bytes) },
    });
    if (committed.count === 0) throw forbidden("This session no longer accepts uploads");
  };
}
