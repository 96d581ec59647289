// GET /developer/webhooks/{endpointId}/deliveries: the endpoint's delivery log, newest first, 25 a page.
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { withMember } from "@/lib/http/with-developer";
import { listDeliveries } from "@/lib/webhooks/deliveries";
import { deliveriesQuery } from "@/lib/webhooks/schemas";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: withMember("webhooks.read", async ({ req, params, member }) => {
    const query = deliveriesQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
    return json(await listDeliveries(member.organization.id, String(params.endpointId ?? ""), query.after));
  }),
});
