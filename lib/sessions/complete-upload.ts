import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { Waveforms } from "@vitals/inference";
import type { Session } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/http/errors";
import { isDependencyDown, UNAVAILABLE_RETRY_AFTER_SECONDS } from "@/lib/http/unavailable";
import type { SdkCredential } from "@/lib/keys/authenticate-client-token";
import { analyzeStoredTensor } from "@/lib/inference/analyze-stored";
import { ScanNotStartedError } from "@/lib/inference/scan-not-started";
import { logger } from "@/lib/logger";
import { retryUntilDatabaseBack } from "@/lib/retry-until-database-back";
import { tensorStorage } from "@/lib/storage/storage";
import { scanEvent } from "@/lib/webhooks/scan-events";
import { fallbackConfigSchema, fallbackVitals, SANDBOX_VITALS, type Vitals } from "./fallback";
import { findOwnSession } from "./find-own-session";
import type { Demographics } from "./schemas";
import { referenceAnswer } from "./reference";
import { deleteEndedSession, saveResult } from "./save-result";
import { OPEN_FOR_UPLOAD } from "./states";

export type CompletedResult = {
  session_id: string;
  status: "completed";
  vitals: Vitals;
  processing_time_ms?: number;
  /** Only with `?include=waveform` (docs/api.md); null when none was measured. */
  waveforms?: Waveforms | null;
  /** Only when the session has them (docs/api.md, "References"). */
  client_reference_id?: string;
  metadata?: Record<string, string>;
};

type Measured = { vitals: Vitals; processingTimeMs?: number; waveforms?: Waveforms; failure?: string };

async function measure(session: Session): Promise<Measured> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // The sandbox ignores the tensor's content (spec rule 5).
  if (session.environment === "test") return { vitals: { ...SANDBOX_VITALS }, processingTimeMs: elapsed() };
  const demographics = (session.demographics ?? undefined) as Demographics | undefined;
  const outcome = await analyzeStoredTensor(session.id, demographics);
  if (outcome.ok) return { vitals: outcome.vitals, processingTimeMs: elapsed(), waveforms: outcome.waveforms };
  // Inference failure is not an error: fallback values with confidence 0.0 (spec rule 4).
  return {
    vitals: fallbackVitals(fallbackConfigSchema.parse(session.fallbackConfig)),
    failure: outcome.error.code,
  };
}

function cachedResponse(
  session: Session,
  vitals: unknown,
  processingTimeMs: number | null,
  waveforms?: unknown,
): CompletedResult {
  const result: CompletedResult = { session_id: session.id, status: "completed", vitals: vitals as Vitals };
  if (processingTimeMs !== null) result.processing_time_ms = processingTimeMs;
  if (waveforms !== undefined) result.waveforms = (waveforms ?? null) as Waveforms | null;
  return { ...result, ...referenceAnswer(session) };
}

/**
 * Synchronous inference for an uploaded session. The tensor is deleted in every case; with
 * persistence off the session row goes too, so nothing of the scan outlives the response.
 */
export async function completeUpload(
  key: SdkCredential,
  sessionId: string,
  now: Date,
  withWaveforms = false,
): Promise<CompletedResult> {
  const session = await findOwnSession(key, sessionId, now);
  const persist = env().PERSIST_VITALS;
  if (persist && session.status === "completed") {
    const cached = await db.result.findUnique({ where: { sessionId } });
    if (cached && cached.deleteAfter > now)
      return cachedResponse(
        session,
        cached.vitals,
        cached.processingTimeMs,
        withWaveforms ? cached.waveforms : undefined,
      );
    throw new ApiError("SESSION_NOT_FOUND", "Session not found");
  }
  const storage = tensorStorage();
  // Asked of storage, not of the row: with S3 the client's PUT never passes through this app. An
  // empty object (S3 stores whatever arrives) is no upload either (docs/api.md, PUT {upload_url}).
  const bytes = await storage.tensorBytes(sessionId);
  if (!bytes) throw new ApiError("INVALID_REQUEST", "No complete tensor has been uploaded for this session");
  const max = env().MAX_TENSOR_BYTES;
  if (bytes > max) {
    // Only possible with S3: a presigned PUT cannot cap the size (docs/deploy.md), so the cap is
    // applied here, before any download. The object goes; the session stays open for a new upload.
    await storage
      .deleteTensor(sessionId)
      .catch((err: unknown) => logger.error("tensor delete failed", { error: (err as Error).message }));
    throw new ApiError("PAYLOAD_TOO_LARGE", `The uploaded tensor has ${bytes} bytes; the limit is ${max}`);
  }
  const claimed = await db.session
    .updateMany({
      where: { id: sessionId, status: { in: [...OPEN_FOR_UPLOAD] } },
      data: { status: "processing", processingStartedAt: now },
    })
    .catch((err: unknown) => {
      // The claim may have committed with only its answer lost: once the database is back, this
      // claim (its own start time) is undone, so the client's retry finds the session open.
      if (isDependencyDown(err)) retryUntilDatabaseBack(() => undoClaim(session, now));
      throw err;
    });
  if (claimed.count === 0) throw new ApiError("INVALID_REQUEST", "This session is already being processed");

  // A failed delete must not cost the client its result: the session is gone or completed
  // now, so the sweeper deletes the object as an orphan on its next run.
  const deleteTensor = () =>
    storage
      .deleteTensor(sessionId)
      .catch((err: unknown) => logger.error("tensor delete failed", { error: (err as Error).message }));
  let measured: Measured;
  try {
    measured = await measure(session);
  } catch (err) {
    if (err instanceof ScanNotStartedError) await releaseClaim(session, now, err);
    else await deleteTensor();
    throw err;
  }
  await deleteTensor();
  // Waveforms are health data too: only sent when asked for, and only kept (with the result,
  // deleted with it) when asked for at upload-complete.
  const waveforms = withWaveforms ? (measured.waveforms ?? null) : undefined;
  const response = cachedResponse(session, measured.vitals, measured.processingTimeMs ?? null, waveforms);
  const event = scanEvent(session, measured);
  if (!persist) {
    // The scan is measured and paid for: a database gone meanwhile must not cost the client its
    // vitals. The row is then deleted as soon as the database is back (the sweeper is the net).
    await deleteEndedSession(sessionId, event).catch((err: unknown) => {
      if (!isDependencyDown(err)) throw err;
      logger.warn("session delete retried until the database is back", { error: (err as Error).message });
      retryUntilDatabaseBack(() => deleteEndedSession(sessionId, event));
    });
    return response;
  }
  // As above: measured and paid for, so a database gone now still answers the vitals; the
  // result is saved once it is back (the sweeper ends the session if this process dies first).
  const result = { ...measured, waveforms };
  const completedAt = new Date();
  await saveResult(sessionId, "completed", result, completedAt, event).catch((err: unknown) => {
    if (!isDependencyDown(err)) throw err;
    logger.warn("result save retried until the database is back", { error: (err as Error).message });
    retryUntilDatabaseBack(() => saveResult(sessionId, "completed", result, completedAt, event));
  });
  return response;
}

/** Opens a claimed session again: only the claim made at `claimedAt`, never another request's. */
function undoClaim(session: Session, claimedAt: Date) {
  return db.session.updateMany({
    where: { id: session.id, status: "processing", processingStartedAt: claimedAt },
    data: { status: session.status, processingStartedAt: null },
  });
}

/**
 * The scan never started (no thread free in time, the queue unreachable): the session is opened
 * again with its tensor kept, and the client is told to retry (503, docs/api.md "Errors").
 */
async function releaseClaim(session: Session, claimedAt: Date, cause: ScanNotStartedError): Promise<never> {
  logger.warn("scan not started; session reopened", { error: cause.message });
  await undoClaim(session, claimedAt).catch((err: unknown) =>
    logger.error("session reopen failed", { error: (err as Error).message }),
  );
  throw new ApiError("UNAVAILABLE", cause.answer, UNAVAILABLE_RETRY_AFTER_SECONDS);
}
