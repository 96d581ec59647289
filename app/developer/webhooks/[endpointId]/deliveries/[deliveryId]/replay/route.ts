// POST /developer/webhooks/{endpointId}/deliveries/{deliveryId}/replay: send the delivery's event again (same event id).
import { endpoint } from "@/lib/http/endpoint";
import { IDEMPOTENCY_HEADER } from "@/lib/http/idempotent";
import { json } from "@/lib/http/respond";
import { withMember } from "@/lib/http/with-developer";
import { replayDelivery } from "@/lib/webhooks/deliveries";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(
  {
    POST: withMember(
      "webhooks.write",
      async ({ params, actor }) =>
        json(await replayDelivery(actor, String(params.deliveryId ?? ""), String(params.endpointId ?? "")), {
          status: 202,
        }),
      { idempotent: true },
    ),
  },
  { requestHeaders: [IDEMPOTENCY_HEADER] },
);
