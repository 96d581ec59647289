import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { THROTTLE_WINDOW_SECONDS } from "@/lib/limits/auth-throttle";
import { rateLimiter } from "@/lib/limits/rate-limiter";
import { retireRolledSecrets } from "@/lib/keys/roll-key";
import { deleteExpiredPortalSessions } from "@/lib/auth/portal-session";
import { pruneRequestLog } from "@/lib/request-log/list-requests";
import { tensorStorage } from "@/lib/storage/storage";
import { fallbackConfigSchema, fallbackVitals } from "./fallback";
import { isUuid } from "@/lib/uuid";
import { pruneIdempotentRequests } from "@/lib/idempotency/idempotency-store";
import { scanEvent } from "@/lib/webhooks/scan-events";
import { emitKeysExpiring } from "@/lib/webhooks/key-events";
import { forgetDeliveredVitals } from "@/lib/webhooks/forget-vitals";
import { pruneWebhookLog } from "@/lib/webhooks/deliveries";
import { retireRolledSigningSecrets } from "@/lib/webhooks/endpoints";
import { deleteEndedSession, saveResult } from "./save-result";
import { IN_PROGRESS, OPEN_FOR_UPLOAD } from "./states";

// A session still `processing` this long after its claim has lost its worker (the process died).
const STUCK_AFTER_MS = 5 * 60 * 1000;
// Revoked keys answer API_KEY_REVOKED for 90 days, then are purged (and answer API_KEY_INVALID).
const REVOKED_KEY_RETENTION_MS = 90 * 24 * 3600 * 1000;
// A partial upload untouched this long belongs to no live request.
const ORPHAN_GRACE_MS = 10 * 60 * 1000;

export type SweepReport = {
  expiredResults: number;
  expiredSessions: number;
  stuckSessions: number;
  orphanedObjects: number;
};

/** Deletes what the retention rules say must go. Safe to run on every instance at once. */
export async function sweep(now = new Date()): Promise<SweepReport> {
  const expiredResults = await db.session.deleteMany({ where: { result: { is: { deleteAfter: { lte: now } } } } });
  const stuckSessions = await failStuckSessions(now);
  const expired = await db.session.findMany({
    where: { status: { in: [...OPEN_FOR_UPLOAD] }, expiresAt: { lte: now } },
    select: { id: true },
  });
  for (const { id } of expired) await tensorStorage().deleteTensor(id);
  const expiredSessions = await db.session.deleteMany({
    where: { id: { in: expired.map((s) => s.id) }, status: { in: [...OPEN_FOR_UPLOAD] } },
  });
  const orphanedObjects = await deleteOrphanedObjects(now);
  // A client token is worthless once expired (it answers API_KEY_INVALID from then on).
  await db.clientToken.deleteMany({ where: { expiresAt: { lte: now } } });
  await retireRolledSecrets(now);
  await deleteExpiredPortalSessions(now);
  await pruneRequestLog(now);
  await emitKeysExpiring(now);
  await forgetDeliveredVitals(now);
  await pruneWebhookLog(now);
  await retireRolledSigningSecrets(now);
  await db.apiKey.deleteMany({ where: { revokedAt: { lte: new Date(now.getTime() - REVOKED_KEY_RETENTION_MS) } } });
  await db.authThrottle.deleteMany({
    where: {
      firstFailAt: { lte: new Date(now.getTime() - THROTTLE_WINDOW_SECONDS * 1000) },
      OR: [{ blockedUntil: null }, { blockedUntil: { lte: now } }],
    },
  });
  await rateLimiter().prune(now);
  await pruneIdempotentRequests(now);
  return {
    expiredResults: expiredResults.count,
    expiredSessions: expiredSessions.count,
    stuckSessions,
    orphanedObjects,
  };
}

/** With persistence on, a dead worker's session becomes `failed` with fallback vitals; otherwise it goes. */
async function failStuckSessions(now: Date): Promise<number> {
  const stuck = await db.session.findMany({
    where: { status: "processing", processingStartedAt: { lte: new Date(now.getTime() - STUCK_AFTER_MS) } },
  });
  for (const session of stuck) {
    await tensorStorage().deleteTensor(session.id);
    const vitals = fallbackVitals(fallbackConfigSchema.parse(session.fallbackConfig));
    const event = scanEvent(session, { vitals, failure: "PROCESSING_LOST" });
    if (!env().PERSIST_VITALS) {
      await deleteEndedSession(session.id, event, "processing");
      continue;
    }
    await saveResult(session.id, "failed", { vitals }, now, event);
  }
  return stuck.length;
}

/** Stored objects whose session is gone or no longer waiting for its tensor. */
async function deleteOrphanedObjects(now: Date): Promise<number> {
  const storage = tensorStorage();
  const objects = await storage.listObjects();
  if (objects.length === 0) return 0;
  const waiting = await db.session.findMany({
    where: { id: { in: objects.map((o) => o.sessionId).filter(isUuid) }, status: { in: [...IN_PROGRESS] } },
    select: { id: true },
  });
  const alive = new Set(waiting.map((s) => s.id));
  let deleted = 0;
  for (const o of objects) {
    const stale = now.getTime() - o.modifiedAt.getTime() > ORPHAN_GRACE_MS;
    if (!alive.has(o.sessionId) || (o.partial && stale)) {
      await storage.deleteObject(o.ref);
      deleted++;
    }
  }
  return deleted;
}
