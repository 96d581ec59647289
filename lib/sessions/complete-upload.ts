import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma, type Session } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/http/errors";
import type { AuthenticatedKey } from "@/lib/keys/authenticate-key";
import { analyzeTensor } from "@/lib/inference/analyze-tensor";
import { logger } from "@/lib/logger";
import { tensorStorage, TensorUnreadableError } from "@/lib/storage/storage";
import { fallbackConfigSchema, fallbackVitals, SANDBOX_VITALS, type Vitals } from "./fallback";
import { findOwnSession } from "./find-own-session";
import type { Demographics } from "./schemas";

export type CompletedResult = {
  session_id: string;
  status: "completed";
  vitals: Vitals;
  processing_time_ms?: number;
};

async function measure(session: Session): Promise<{ vitals: Vitals; processingTimeMs?: number }> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // The sandbox ignores the tensor's content (spec rule 5).
  if (session.environment === "test") return { vitals: { ...SANDBOX_VITALS }, processingTimeMs: elapsed() };
  const demographics = (session.demographics ?? undefined) as Demographics | undefined;
  const outcome = await tensorStorage()
    .withLocalCopy(session.id, (file) => analyzeTensor(file, demographics))
    .catch((err: unknown) => {
      // A tensor that cannot be read (too large, gone, storage down) is an inference failure
      // like any other: the scan was paid for at start, so the client still gets fallback vitals.
      const log = err instanceof TensorUnreadableError ? logger.warn : logger.error;
      log("tensor unreadable", { error: (err as Error).message });
      return null;
    });
  if (outcome?.ok) return { vitals: outcome.vitals, processingTimeMs: elapsed() };
  // Inference failure is not an error: fallback values with confidence 0.0 (spec rule 4).
  return { vitals: fallbackVitals(fallbackConfigSchema.parse(session.fallbackConfig)) };
}

function cachedResponse(sessionId: string, vitals: unknown, processingTimeMs: number | null): CompletedResult {
  const result: CompletedResult = { session_id: sessionId, status: "completed", vitals: vitals as Vitals };
  if (processingTimeMs !== null) result.processing_time_ms = processingTimeMs;
  return result;
}

/**
 * Synchronous inference for an uploaded session. The tensor is deleted in every case; with
 * persistence off the session row goes too, so nothing of the scan outlives the response.
 */
export async function completeUpload(key: AuthenticatedKey, sessionId: string, now: Date): Promise<CompletedResult> {
  const session = await findOwnSession(key, sessionId, now);
  const persist = env().PERSIST_VITALS;
  if (persist && session.status === "completed") {
    const cached = await db.result.findUnique({ where: { sessionId } });
    if (cached && cached.deleteAfter > now) return cachedResponse(sessionId, cached.vitals, cached.processingTimeMs);
    throw new ApiError("SESSION_NOT_FOUND", "Session not found");
  }
  const storage = tensorStorage();
  // Asked of storage, not of the row: with S3 the client's PUT never passes through this app.
  if (!(await storage.hasTensor(sessionId))) throw new ApiError("INVALID_REQUEST", "No complete tensor has been uploaded for this session");
  const claimed = await db.session.updateMany({
    where: { id: sessionId, status: { in: ["created", "uploading"] } },
    data: { status: "processing", processingStartedAt: now },
  });
  if (claimed.count === 0) throw new ApiError("INVALID_REQUEST", "This session is already being processed");

  let measured;
  try {
    measured = await measure(session);
  } finally {
    // A failed delete must not cost the client its result: the session is gone or completed
    // now, so the sweeper deletes the object as an orphan on its next run.
    await storage.deleteTensor(sessionId).catch((err: unknown) => logger.error("tensor delete failed", { error: (err as Error).message }));
  }
  const response = cachedResponse(sessionId, measured.vitals, measured.processingTimeMs ?? null);
  if (!persist) {
    await db.session.deleteMany({ where: { id: sessionId } });
    return response;
  }
  const completedAt = new Date();
  await db.$transaction([
    db.session.update({ where: { id: sessionId }, data: { status: "completed", storageKey: null, demographics: Prisma.DbNull } }),
    db.result.create({
      data: {
        sessionId,
        vitals: measured.vitals,
        processingTimeMs: measured.processingTimeMs ?? null,
        completedAt,
        deleteAfter: new Date(completedAt.getTime() + env().RESULT_TTL_SECONDS * 1000),
      },
    }),
  ]);
  return response;
}
