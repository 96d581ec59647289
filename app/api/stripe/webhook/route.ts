// POST /api/stripe/webhook: Stripe events (signed); applies plan changes once per event.
import { endpoint } from "@/lib/http/endpoint";
import { route } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { readCappedBody } from "@/lib/http/read-body";
import { handleStripeWebhook } from "@/lib/billing/webhook";

export const dynamic = "force-dynamic";

const MAX_EVENT_BYTES = 512 * 1024;

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  POST: route(async ({ req }) => {
    // The signature covers the exact bytes, so the body is read as text, never re-serialized.
    const raw = (await readCappedBody(req, MAX_EVENT_BYTES, "Event too large")).toString("utf8");
    return json(await handleStripeWebhook(raw, req.headers.get("stripe-signature")));
  }),
});
