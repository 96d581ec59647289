import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Waveforms } from "@vitals/inference";
import type { Vitals } from "./fallback";

type Measured = { vitals: Vitals; waveforms?: Waveforms | null; processingTimeMs?: number | null };

/**
 * Ends a session with its result in one transaction: the session leaves its open states (and
 * forgets its tensor and demographics) and the result is kept for RESULT_TTL_SECONDS.
 */
export async function saveResult(
  sessionId: string,
  status: "completed" | "failed",
  measured: Measured,
  completedAt: Date,
): Promise<void> {
  const session = status === "completed" ? { status, storageKey: null, demographics: Prisma.DbNull } : { status };
  await db.$transaction([
    db.session.update({ where: { id: sessionId }, data: session }),
    db.result.create({
      data: {
        sessionId,
        vitals: measured.vitals,
        waveforms: measured.waveforms ?? Prisma.DbNull,
        processingTimeMs: measured.processingTimeMs ?? null,
        completedAt,
        deleteAfter: new Date(completedAt.getTime() + env().RESULT_TTL_SECONDS * 1000),
      },
    }),
  ]);
}
