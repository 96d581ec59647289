import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { EVENTS_WITH_VITALS } from "./event-types";

// The delivery log keeps a scan event's vitals only as long as the privacy rules let the result
// live (docs/webhooks.md, "Privacy"): with PERSIST_VITALS=false until no delivery needs them
// (delivered or given up); with it on, also until the result's own TTL has passed. Then the
// payload keeps the reference and ids, and says the vitals were deleted.

/** Which finished events to look at: one, those delivered to one endpoint, or all (the sweeper). */
export type ForgetScope = { eventId: string } | { endpointId: string } | Record<string, never>;

/** Deletes the vitals of finished scan events within `scope`. */
export async function forgetDeliveredVitals(now: Date, scope: ForgetScope = {}): Promise<number> {
  const eventId = "eventId" in scope ? scope.eventId : null;
  const endpointId = "endpointId" in scope ? scope.endpointId : null;
  const persist = env().PERSIST_VITALS;
  const cutoff = new Date(now.getTime() - env().RESULT_TTL_SECONDS * 1000);
  // The receivers' answer excerpts go too: one that echoed the body would hold the vitals.
  return db.$executeRaw`
    WITH forgotten AS (
      UPDATE "WebhookEvent" e
      SET payload = (e.payload - 'vitals') || '{"vitals_deleted": true}'::jsonb, "vitalsDeletedAt" = ${now}
      WHERE e.type = ANY(${[...EVENTS_WITH_VITALS]}::text[]) AND e."vitalsDeletedAt" IS NULL
        AND (${eventId}::text IS NULL OR e.id = ${eventId}::text)
        AND (${endpointId}::text IS NULL
          OR EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."eventId" = e.id AND d."endpointId" = ${endpointId}::uuid))
        AND (${persist}::boolean = false OR e."createdAt" <= ${cutoff})
        AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."eventId" = e.id AND d.status = 'pending')
      RETURNING e.id)
    UPDATE "WebhookAttempt" SET excerpt = NULL
    WHERE excerpt IS NOT NULL AND "deliveryId" IN (
      SELECT d.id FROM "WebhookDelivery" d JOIN forgotten f ON f.id = d."eventId")`;
}
