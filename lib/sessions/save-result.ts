import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Waveforms } from "@vitals/inference";
import { nudgeWebhookDispatcher } from "@/lib/webhooks/dispatcher-nudge";
import { emitEvent, queueEventSql, type WebhookEventInput } from "@/lib/webhooks/emit";
import type { Vitals } from "./fallback";

type Measured = { vitals: Vitals; waveforms?: Waveforms | null; processingTimeMs?: number | null };

/**
 * Ends a session with its result in one transaction: the session leaves its open states (and
 * forgets its tensor and demographics) and the result is kept for RESULT_TTL_SECONDS. The
 * scan's webhook event, if any, is queued in the same transaction.
 */
export async function saveResult(
  sessionId: string,
  status: "completed" | "failed",
  measured: Measured,
  completedAt: Date,
  event: WebhookEventInput | null = null,
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
    ...(event ? [db.$queryRaw(queueEventSql(event))] : []),
  ]);
  if (event) nudgeWebhookDispatcher();
}

/**
 * Ends a session with persistence off: the row goes (only while in `onlyIn`, when given), and
 * its webhook event is queued with it. Only the call that deleted the row queues the event, so
 * a retry after a lost answer queues nothing twice.
 */
export async function deleteEndedSession(sessionId: string, event: WebhookEventInput | null, onlyIn?: "processing") {
  const where = { id: sessionId, ...(onlyIn ? { status: onlyIn } : {}) };
  if (!event) return void (await db.session.deleteMany({ where }));
  const status = onlyIn ? Prisma.sql`AND status = ${onlyIn}::"SessionStatus"` : Prisma.empty;
  // One statement: the delete, and the event only if this very delete found the row.
  await emitEvent(db, event, {
    gate: Prisma.sql`DELETE FROM "Session" WHERE id = ${sessionId}::uuid ${status} RETURNING 1`,
  });
}
