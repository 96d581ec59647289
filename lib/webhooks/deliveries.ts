import { db } from "@/lib/db";
import { audit } from "@/lib/audit/audit";
import type { MemberActor } from "@/lib/teams/member";
import { ApiError } from "@/lib/http/errors";
import { retryAfterSeconds, unixSeconds } from "@/lib/time";
import { isUuid } from "@/lib/uuid";
import { findEndpoint } from "./endpoints";
import { emitEvent } from "./emit";
import { nudgeWebhookDispatcher } from "./dispatcher-nudge";

// An endpoint's delivery log (docs/webhooks.md, "Delivery log"), a test event, and replay.

export const DELIVERY_PAGE_SIZE = 25;

export type DeliveryRow = {
  id: string;
  event_id: string;
  event_type: string;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
  replay_of: string | null;
  created_at: number;
  finished_at: number | null;
  next_attempt_at: number | null;
};

type Row = Awaited<ReturnType<typeof db.webhookDelivery.findFirstOrThrow>> & { event: { type: string } };

function deliveryRow(d: Row): DeliveryRow {
  return {
    id: d.id,
    event_id: d.eventId,
    event_type: d.event.type,
    status: d.status,
    attempts: d.attempts,
    last_status_code: d.lastStatusCode,
    last_duration_ms: d.lastDurationMs,
    last_error: d.lastError,
    replay_of: d.replayOf,
    created_at: unixSeconds(d.createdAt),
    finished_at: d.finishedAt && unixSeconds(d.finishedAt),
    next_attempt_at: d.status === "pending" ? unixSeconds(d.nextAttemptAt) : null,
  };
}

/** One page of an endpoint's deliveries, newest first; `after` is the last id of the page before. */
export async function listDeliveries(developerId: string, endpointId: string, after?: string) {
  await findEndpoint(developerId, endpointId);
  if (after && !(isUuid(after) && (await db.webhookDelivery.count({ where: { id: after, endpointId } }))))
    throw new ApiError("INVALID_REQUEST", "Invalid request: after: not a delivery of this endpoint");
  const rows = await db.webhookDelivery.findMany({
    where: { endpointId },
    include: { event: { select: { type: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: DELIVERY_PAGE_SIZE + 1,
    ...(after ? { cursor: { id: after }, skip: 1 } : {}),
  });
  const page = rows.slice(0, DELIVERY_PAGE_SIZE);
  return { deliveries: page.map(deliveryRow), next: rows.length > DELIVERY_PAGE_SIZE ? page.at(-1)!.id : null };
}

/** The organization's delivery `deliveryId` (under `endpointId` when given); null for a malformed id of either. */
function ownedDelivery(developerId: string, deliveryId: string, endpointId?: string) {
  if (!isUuid(deliveryId) || (endpointId !== undefined && !isUuid(endpointId))) return null;
  return { id: deliveryId, endpoint: { developerId }, ...(endpointId ? { endpointId } : {}) };
}

async function ownDelivery(developerId: string, deliveryId: string, endpointId?: string) {
  const where = ownedDelivery(developerId, deliveryId, endpointId);
  const d = where
    ? await db.webhookDelivery.findFirst({ where, include: { event: true, tries: { orderBy: { at: "asc" } } } })
    : null;
  if (!d) throw new ApiError("NOT_FOUND", "Delivery not found");
  return d;
}

/** A delivery with its event's payload (as it is now: vitals may have been deleted) and every attempt. */
export async function getDelivery(developerId: string, deliveryId: string, endpointId?: string) {
  const d = await ownDelivery(developerId, deliveryId, endpointId);
  return {
    ...deliveryRow(d),
    endpoint_id: d.endpointId,
    payload: d.event.payload,
    attempts_log: d.tries.map((t) => ({
      at: unixSeconds(t.at),
      status_code: t.statusCode,
      duration_ms: t.durationMs,
      error: t.error,
      excerpt: t.excerpt,
    })),
  };
}

type Actor = MemberActor;

// Test events and replays are sent on request: at most this many per endpoint and hour, so
// nobody floods a receiver (or the queue) through them.
export const MANUAL_SENDS_PER_HOUR = 60;

async function assertManualSendAllowed(endpointId: string, now: Date) {
  const since = new Date(now.getTime() - 3_600_000);
  const sent = await db.webhookDelivery.findMany({
    where: {
      endpointId,
      createdAt: { gt: since },
      OR: [{ replayOf: { not: null } }, { event: { type: "webhook.test" } }],
    },
    select: { createdAt: true },
    orderBy: { createdAt: "asc" },
    take: MANUAL_SENDS_PER_HOUR,
  });
  if (sent.length < MANUAL_SENDS_PER_HOUR) return;
  const retryAfter = retryAfterSeconds(sent[0].createdAt.getTime() + 3_600_000, now);
  throw new ApiError(
    "RATE_LIMIT_EXCEEDED",
    `At most ${MANUAL_SENDS_PER_HOUR} test events and replays per endpoint an hour`,
    retryAfter,
    { "Retry-After": String(retryAfter) },
  );
}

/** Sends a delivery's event again to its endpoint, as a new delivery with the same event id. */
export async function replayDelivery(
  actor: Actor,
  deliveryId: string,
  endpointId?: string,
  now = new Date(),
): Promise<DeliveryRow> {
  // One read: the delivery, owned through its endpoint, with whether that endpoint is on.
  const where = ownedDelivery(actor.organizationId, deliveryId, endpointId);
  const d = where
    ? await db.webhookDelivery.findFirst({
        where,
        select: { id: true, eventId: true, endpointId: true, endpoint: { select: { disabledAt: true } } },
      })
    : null;
  if (!d) throw new ApiError("NOT_FOUND", "Delivery not found");
  if (d.endpoint.disabledAt) throw new ApiError("INVALID_REQUEST", "The endpoint is disabled; enable it to replay");
  await assertManualSendAllowed(d.endpointId, now);
  const replay = await db
    .$transaction(async (tx) => {
      const row = await tx.webhookDelivery.create({
        data: { eventId: d.eventId, endpointId: d.endpointId, replayOf: d.id },
        include: { event: { select: { type: true } } },
      });
      await audit(tx, {
        actorId: actor.accountId,
        organizationId: actor.organizationId,
        actorType: "developer",
        action: "webhook_delivery.replay",
        targetType: "webhook_endpoint",
        targetId: d.endpointId,
        ip: actor.ip,
        details: { event_id: d.eventId },
      });
      return row;
    })
    .catch((err: unknown) => {
      // The endpoint (or the event) was deleted meanwhile.
      if ((err as { code?: string }).code === "P2003") throw new ApiError("NOT_FOUND", "Delivery not found");
      throw err;
    });
  nudgeWebhookDispatcher();
  return deliveryRow(replay);
}

/** Queues a `webhook.test` event for one endpoint, whatever it subscribes to. */
export async function sendTestEvent(actor: Actor, endpointId: string, now = new Date()): Promise<{ event_id: string }> {
  const endpoint = await findEndpoint(actor.organizationId, endpointId);
  if (endpoint.disabledAt) throw new ApiError("INVALID_REQUEST", "The endpoint is disabled; enable it to send events");
  await assertManualSendAllowed(endpoint.id, now);
  const eventId = await db.$transaction(async (tx) => {
    const id = await emitEvent(
      tx,
      {
        developerId: actor.organizationId,
        environment: endpoint.environment,
        type: "webhook.test",
        data: {
          message: "A test event sent from the Vitals portal",
          endpoint_id: endpoint.id,
          sent_at: unixSeconds(now),
        },
      },
      { endpointId: endpoint.id },
    );
    await audit(tx, {
      actorId: actor.accountId,
      organizationId: actor.organizationId,
      actorType: "developer",
      action: "webhook_endpoint.test",
      targetType: "webhook_endpoint",
      targetId: endpoint.id,
      ip: actor.ip,
    });
    if (!id) throw new ApiError("NOT_FOUND", "Webhook endpoint not found");
    return id;
  });
  return { event_id: eventId };
}

const LOG_RETENTION_MS = 30 * 86_400_000;

/** Events (with their deliveries and attempts) go after 30 days, as the request log does. */
export async function pruneWebhookLog(now: Date): Promise<number> {
  const gone = await db.webhookEvent.deleteMany({
    where: { createdAt: { lte: new Date(now.getTime() - LOG_RETENTION_MS) } },
  });
  return gone.count;
}
