import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError, bodyTooLarge } from "@/lib/http/errors";
import { isValidUploadSignature } from "@/lib/storage/upload-url";
import { canonicalSessionId, isSessionId } from "./schemas";
import { IN_PROGRESS, OPEN_FOR_UPLOAD } from "./states";

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

/**
 * Marks the session as receiving and counts the PUT; refuses sessions already completed, claimed
 * or expired, a session past UPLOAD_REQUESTS_PER_SESSION, an organization past
 * UPLOAD_REQUESTS_PER_MINUTE, and bytes past the organization's upload budget.
 * `holding`: the bytes the session will hold once this PUT is taken (a whole upload replaces what
 * it held; a chunk's end counts every chunk before it), reserved now against the budget.
 */
export async function openForUpload(sessionId: string, now: Date, holding: number): Promise<void> {
  const {
    UPLOAD_BUDGET_BYTES: budget,
    UPLOAD_REQUESTS_PER_SESSION: maxRequests,
    UPLOAD_REQUESTS_PER_MINUTE: perMinute,
  } = env();
  const refusal = await db.$transaction(async (tx) => {
    const session = await tx.session.findFirst({
      where: { id: sessionId, status: { in: [...OPEN_FOR_UPLOAD] }, expiresAt: { gt: now } },
      select: { developerId: true, uploadRequests: true },
    });
    if (!session) return forbidden("This session no longer accepts uploads");
    if (session.uploadRequests >= maxRequests)
      return forbidden(`A session takes at most ${maxRequests} upload requests; start a new session`);
    // The organization's row counts its PUTs of the minute and orders them, so two sessions cannot
    // both pass the budget. (No key update: session starts, which only reference the row, go on.)
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    const [{ count }] = await tx.$queryRaw<{ count: number }[]>`
      UPDATE "Organization" SET "uploadMinute" = ${minute},
        "uploadMinuteCount" = CASE WHEN "uploadMinute" = ${minute} THEN "uploadMinuteCount" + 1 ELSE 1 END
      WHERE id = ${session.developerId}::uuid RETURNING "uploadMinuteCount" AS count`;
    if (count > perMinute) {
      const retryAfter = Math.max(1, Math.ceil((minute.getTime() + 60_000 - now.getTime()) / 1000));
      return new ApiError(
        "RATE_LIMIT_EXCEEDED",
        `Your organization's sessions take at most ${perMinute} upload requests a minute`,
        retryAfter,
        { "Retry-After": String(retryAfter) },
      );
    }
    const others = await tx.session.aggregate({
      _sum: { uploadedBytes: true },
      where: {
        developerId: session.developerId,
        id: { not: sessionId },
        status: { in: [...IN_PROGRESS] },
        expiresAt: { gt: now },
      },
    });
    const held = others._sum.uploadedBytes ?? 0n;
    if (Number(held) + holding > budget)
      return bodyTooLarge(
        `Your organization's open sessions hold ${held} bytes of uploads; with this one they would pass its ${budget}-byte budget. Complete or abandon some sessions first`,
      );
    const opened = await tx.session.updateMany({
      where: { id: sessionId, status: { in: [...OPEN_FOR_UPLOAD] }, uploadRequests: { lt: maxRequests } },
      data: { status: "uploading", uploadRequests: { increment: 1 }, uploadedBytes: BigInt(holding) },
    });
    return opened.count === 0 ? forbidden("This session no longer accepts uploads") : null;
  });
  if (refusal) throw refusal;
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
