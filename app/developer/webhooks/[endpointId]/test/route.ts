// POST /developer/webhooks/{endpointId}/test: queue a webhook.test event for this endpoint.
import { endpoint } from "@/lib/http/endpoint";
import { IDEMPOTENCY_HEADER } from "@/lib/http/idempotent";
import { json } from "@/lib/http/respond";
import { withMember } from "@/lib/http/with-developer";
import { sendTestEvent } from "@/lib/webhooks/deliveries";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(
  {
    POST: withMember(
      "webhooks.write",
      async ({ params, actor }) => json(await sendTestEvent(actor, String(params.endpointId ?? "")), { status: 202 }),
      { idempotent: true },
    ),
  },
  { requestHeaders: [IDEMPOTENCY_HEADER] },
);
