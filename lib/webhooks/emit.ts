import { randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { KeyEnvironment } from "@/lib/generated/prisma/enums";
import type { EventType } from "./event-types";
import { nudgeWebhookDispatcher } from "./dispatcher-nudge";

// Events enter the delivery queue here (docs/webhooks.md): one row per event, one delivery per
// subscribed endpoint, written by the caller's own transaction, so an event exists exactly when
// what it reports committed. Sending is the dispatcher's job: nothing here waits on a receiver.

export type WebhookEventInput = {
  developerId: string;
  environment: KeyEnvironment;
  type: EventType;
  data: Record<string, unknown>;
};

type Writer = Pick<Prisma.TransactionClient, "webhookEndpoint" | "webhookEvent" | "webhookDelivery">;

export const newEventId = () => `evt_${randomUUID().replaceAll("-", "")}`;

/**
 * Queues an event for every enabled endpoint of its account and environment that subscribes to
 * its type (or for the one endpoint named). Returns the event id, or null when nobody listens:
 * then nothing is stored.
 */
export async function emitEvent(tx: Writer, event: WebhookEventInput, endpointId?: string): Promise<string | null> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: endpointId
      ? { id: endpointId, developerId: event.developerId }
      : {
          developerId: event.developerId,
          environment: event.environment,
          disabledAt: null,
          eventTypes: { has: event.type },
        },
    select: { id: true },
  });
  if (endpoints.length === 0) return null;
  const id = newEventId();
  await tx.webhookEvent.create({
    data: {
      id,
      developerId: event.developerId,
      type: event.type,
      environment: event.environment,
      payload: event.data as Prisma.InputJsonObject,
    },
  });
  await tx.webhookDelivery.createMany({ data: endpoints.map((e) => ({ eventId: id, endpointId: e.id })) });
  nudgeWebhookDispatcher();
  return id;
}
