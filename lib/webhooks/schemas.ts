import { z } from "zod";
import { noControlCharacters } from "@/lib/http/no-control-characters";
import { EVENT_TYPES } from "./event-types";
import { urlRefusal } from "./target-guard";

// What a developer may send for a webhook endpoint (docs/webhooks.md, "Endpoints").

export const MAX_ENDPOINTS = 10;

// Stored as the URL parser writes it (the form every later check and request reads).
const url = noControlCharacters(z.string().trim().min(1, "is required").max(2048, "must be at most 2048 characters"))
  .superRefine((value, ctx) => {
    const refusal = urlRefusal(value);
    if (refusal) ctx.addIssue({ code: "custom", message: refusal });
  })
  .transform((value) => new URL(value).href);

const eventTypes = z
  .array(z.enum(EVENT_TYPES))
  .min(1, "must name at least one event")
  .transform((types) => [...new Set(types)]);

const description = noControlCharacters(z.string().trim().max(200, "must be at most 200 characters"));

export const createEndpointBody = z.strictObject({
  url,
  description: description.optional(),
  environment: z.enum(["live", "test"]),
  event_types: eventTypes,
});

export const updateEndpointBody = z
  .strictObject({
    url: url.optional(),
    description: description.optional(),
    event_types: eventTypes.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, "Nothing to change");

export const deliveriesQuery = z.strictObject({ after: z.uuid().optional() });

/** How long the replaced signing secret keeps signing after a roll. */
export const ROLL_GRACE_SECONDS = { none: 0, "1h": 3600, "24h": 86_400 } as const;
export const rollSecretBody = z
  .strictObject({
    grace_period: z.enum(Object.keys(ROLL_GRACE_SECONDS) as [keyof typeof ROLL_GRACE_SECONDS]).default("24h"),
  })
  .optional()
  .transform((body) => body ?? { grace_period: "24h" as const });

export type CreateEndpointInput = z.infer<typeof createEndpointBody>;
export type UpdateEndpointInput = z.infer<typeof updateEndpointBody>;
