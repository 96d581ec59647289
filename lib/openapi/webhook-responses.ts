import { z } from "zod";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";

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
