// POST /api/stripe/webhook: Stripe events (signed); applies plan changes once per event.
import { endpoint } from "@/lib/http/endpoint";
import { route } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { ApiError, bodyTooLarge } from "@/lib/http/errors";
import { handleStripeWebhook } from "@/lib/billing/webhook";

export const dynamic = "force-dynamic";

const MAX_EVENT_BYTES = 512 * 1024;

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  POST: route(async ({ req }) => {
    // The signature covers the exact bytes, so the body is read as text, never re-serialized.
    if (Number(req.headers.get("content-length") ?? "0") > MAX_EVENT_BYTES) throw bodyTooLarge("Event too large");
    const raw = await req.text();
    if (Buffer.byteLength(raw) > MAX_EVENT_BYTES) throw new ApiError("PAYLOAD_TOO_LARGE", "Event too large");
    return json(await handleStripeWebhook(raw, req.headers.get("stripe-signature")));
  }),
});
