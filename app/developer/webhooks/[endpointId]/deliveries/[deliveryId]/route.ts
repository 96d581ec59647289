// GET /developer/webhooks/{endpointId}/deliveries/{deliveryId}: one delivery, its payload and every attempt.
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { withMember } from "@/lib/http/with-developer";
import { getDelivery } from "@/lib/webhooks/deliveries";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: withMember("webhooks.read", async ({ params, member }) =>
    json(await getDelivery(member.organization.id, String(params.deliveryId ?? ""), String(params.endpointId ?? ""))),
  ),
});
