// GET /developer/webhooks/{endpointId}/deliveries/{deliveryId}: one delivery, its payload and every attempt.
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { withDeveloper } from "@/lib/http/with-developer";
import { getDelivery } from "@/lib/webhooks/deliveries";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: withDeveloper(async ({ params, developer }) =>
    json(await getDelivery(developer.id, String(params.deliveryId ?? ""), String(params.endpointId ?? ""))),
  ),
});
