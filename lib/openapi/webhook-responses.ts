import { z } from "zod";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";
import { vitalsSchema } from "./responses";

// The webhook endpoints' success bodies, for the OpenAPI document (as developer-responses.ts).
// app/__tests__/openapi-contract.test.ts holds real answers to them. Prose: docs/webhooks.md.

const unixSeconds = z.number().int().describe("Unix seconds");
const uuid = z.uuid();

export const endpointSchema = z.object({
  id: uuid,
  url: z.string(),
  description: z.string().nullable(),
  environment: z.enum(["test", "live"]),
  event_types: z.array(z.enum(EVENT_TYPES)),
  enabled: z.boolean(),
  disabled_reason: z.enum(["manual", "failing"]).nullable(),
  previous_secret_valid_until: unixSeconds.nullable().describe("While a rolled secret still signs deliveries"),
  created_at: unixSeconds,
});

export const endpointWithSecretSchema = endpointSchema.extend({
  secret: z.string().describe("The signing secret (whsec_...): shown this once"),
});

export const endpointListSchema = z.object({ endpoints: z.array(endpointSchema) });

export const deletedEndpointSchema = z.object({ id: uuid, deleted: z.literal(true) });

export const testEventSchema = z.object({ event_id: z.string() });

export const deliverySchema = z.object({
  id: uuid,
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_duration_ms: z.number().int().nullable(),
  last_error: z.string().nullable(),
  replay_of: uuid.nullable(),
  created_at: unixSeconds,
  finished_at: unixSeconds.nullable(),
  next_attempt_at: unixSeconds.nullable(),
});

export const deliveryPageSchema = z.object({
  deliveries: z.array(deliverySchema),
  next: uuid.nullable().describe("Pass as ?after= for the next (older) page"),
});

export const deliveryDetailSchema = deliverySchema.extend({
  endpoint_id: uuid,
  payload: z.record(z.string(), z.unknown()).describe("The event's data as stored now (vitals may have been deleted)"),
  attempts_log: z.array(
    z.object({
      at: unixSeconds,
      status_code: z.number().int().nullable(),
      duration_ms: z.number().int(),
      error: z.string().nullable(),
      excerpt: z.string().nullable().describe("At most 500 characters of the receiver's answer"),
    }),
  ),
});

// The events a receiver gets (docs/webhooks.md, "Events"), for the document's `webhooks`.
const reference = {
  client_reference_id: z.string().optional().describe("The session's reference, when it has one"),
  metadata: z.record(z.string(), z.string()).optional(),
};
const scanCommon = { session_id: uuid, api_key_id: uuid.nullable(), ...reference };
const keyCommon = { key_id: uuid, name: z.string(), prefix: z.string() };

const EVENT_DATA = {
  "scan.completed": z.object({ ...scanCommon, vitals: vitalsSchema, processing_time_ms: z.number().int().optional() }),
  "scan.failed": z.object({
    ...scanCommon,
    reason: z
      .string()
      .describe("Why the answer is fallback values: NO_SIGNAL, TIMEOUT, UNREADABLE, PROCESSING_LOST, ..."),
    vitals: vitalsSchema.describe("The fallback values the client got (confidence 0)"),
  }),
  "usage.threshold": z.object({
    percent: z.union([z.literal(80), z.literal(100)]),
    used: z.number().int(),
    limit: z.number().int(),
    month: z.string().describe("YYYY-MM, UTC"),
  }),
  "key.expiring": z.object({ ...keyCommon, expires_at: unixSeconds }),
  "key.revoked": z.object({ ...keyCommon, revoked_at: unixSeconds, revoked_by: z.enum(["developer", "staff"]) }),
  "webhook.test": z.object({ message: z.string(), endpoint_id: uuid, sent_at: unixSeconds }),
};

/** Each event type's whole body: the envelope and its data. */
export const WEBHOOK_EVENTS = Object.fromEntries(
  Object.entries(EVENT_DATA).map(([type, data]) => [
    type,
    z.object({
      id: z.string().describe("The event id (webhook-id): the same on every attempt and replay"),
      type: z.literal(type),
      created_at: unixSeconds,
      environment: z.enum(["test", "live"]),
      data,
    }),
  ]),
) as unknown as Record<keyof typeof EVENT_DATA, z.ZodType>;
