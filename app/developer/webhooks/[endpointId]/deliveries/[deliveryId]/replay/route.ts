// POST /developer/webhooks/{endpointId}/deliveries/{deliveryId}/replay: send the delivery's event again (same event id).
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { withDeveloper } from "@/lib/http/with-developer";
import { replayDelivery } from "@/lib/webhooks/deliveries";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  POST: withDeveloper(async ({ params, ip, developer }) =>
    json(
      await replayDelivery(
        { developerId: developer.id, ip },
        String(params.deliveryId ?? ""),
        String(params.endpointId ?? ""),
      ),
      { status: 202 },
    ),
  ),
});
