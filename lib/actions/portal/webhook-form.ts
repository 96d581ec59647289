import { z } from "zod";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";

// The endpoint forms' fields as the API's bodies. A form cannot send an array through
// formValues (one value per name), so each event type is its own checkbox, `event:<type>`.

export const EVENT_FIELD = "event:";

const eventTypesOf = (values: Record<string, string>) =>
  Object.keys(values)
    .filter((k) => k.startsWith(EVENT_FIELD))
    .map((k) => k.slice(EVENT_FIELD.length));

/** The add-endpoint form as createEndpointBody expects it. */
export function endpointInput(values: Record<string, string>) {
  return {
    url: values.url ?? "",
    ...(values.description ? { description: values.description } : {}),
    environment: values.environment ?? "",
    event_types: eventTypesOf(values),
  };
}

/** The edit form as updateEndpointBody expects it: an emptied description clears it. */
export function endpointChanges(values: Record<string, string>) {
  return { url: values.url ?? "", description: values.description ?? "", event_types: eventTypesOf(values) };
}

/**
 * The checks the browser can make before sending (the server's schema also resolves what the
 * URL may reach, which needs the server's settings).
 */
export const endpointFormCheck = z.object({
  url: z
    .string()
    .trim()
    .min(1, "is required")
    .max(2048, "must be at most 2048 characters")
    .refine((u) => URL.canParse(u), "must be an absolute URL"),
  description: z.string().trim().max(200, "must be at most 200 characters").optional(),
  environment: z.enum(["live", "test"]).optional(),
  event_types: z.array(z.enum(EVENT_TYPES)).min(1, "must name at least one event"),
});
