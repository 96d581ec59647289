import { randomUUID } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import type { KeyEnvironment } from "@/lib/generated/prisma/enums";
import type { EventType } from "./event-types";
import { nudgeWebhookDispatcher } from "./dispatcher-nudge";

// Events enter the delivery queue here (docs/webhooks.md): one row per event, one delivery per
// subscribed endpoint, written by the caller's own transaction (or statement), so an event
// exists exactly when what it reports committed. One statement either way, because it rides on
// a scan's answer. Sending is the dispatcher's job: nothing here waits on a receiver.

export type WebhookEventInput = {
  developerId: string;
  environment: KeyEnvironment;
  type: EventType;
  data: Record<string, unknown>;
};

type Writer = Pick<Prisma.TransactionClient, "$queryRaw">;

export const newEventId = () => `evt_${randomUUID().replaceAll("-", "")}`;

/**
 * The statement that queues an event for every enabled endpoint of its account and environment
 * subscribing to its type (or for the one endpoint named), and stores nothing when nobody
 * listens. `gate`, a data-modifying statement, runs first and the event is queued only if it
 * returned a row (a session deleted by this very call, say). Returns the event id per delivery.
 */
export function queueEventSql(event: WebhookEventInput, opts: { endpointId?: string; gate?: Prisma.Sql } = {}) {
  const gate = opts.gate ?? Prisma.sql`SELECT 1`;
  // The app's clock, as every other time the queue compares (the database's may differ).
  const now = new Date();
  const targets = opts.endpointId
    ? Prisma.sql`id = ${opts.endpointId}::uuid`
    : Prisma.sql`environment = ${event.environment}::"KeyEnvironment" AND "disabledAt" IS NULL AND ${event.type} = ANY("eventTypes")`;
  return Prisma.sql`
    WITH gate AS (${gate}),
    targets AS (
      SELECT id FROM "WebhookEndpoint"
      WHERE "developerId" = ${event.developerId}::uuid AND ${targets} AND EXISTS (SELECT 1 FROM gate)),
    ev AS (
      INSERT INTO "WebhookEvent" (id, "developerId", type, environment, payload, "createdAt")
      SELECT ${newEventId()}, ${event.developerId}::uuid, ${event.type}, ${event.environment}::"KeyEnvironment",
        ${JSON.stringify(event.data)}::jsonb, ${now}
      WHERE EXISTS (SELECT 1 FROM targets)
      RETURNING id)
    INSERT INTO "WebhookDelivery" (id, "eventId", "endpointId", "nextAttemptAt", "createdAt")
    SELECT gen_random_uuid(), ev.id, targets.id, ${now}, ${now} FROM ev, targets
    RETURNING "eventId"`;
}

/** Runs queueEventSql; the event id, or null when nobody listens (or the gate found nothing). */
export async function emitEvent(
  tx: Writer,
  event: WebhookEventInput,
  opts: { endpointId?: string; gate?: Prisma.Sql } = {},
): Promise<string | null> {
  const rows = await tx.$queryRaw<{ eventId: string }[]>(queueEventSql(event, opts));
  if (rows.length === 0) return null;
  nudgeWebhookDispatcher();
  return rows[0].eventId;
}
