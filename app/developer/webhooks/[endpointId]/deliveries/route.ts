// GET /developer/webhooks/{endpointId}/deliveries: the endpoint's delivery log, newest first, 25 a page.
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { withDeveloper } from "@/lib/http/with-developer";
import { listDeliveries } from "@/lib/webhooks/deliveries";
import { deliveriesQuery } from "@/lib/webhooks/schemas";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: withDeveloper(async ({ req, params, developer }) => {
    const query = deliveriesQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
    return json(await listDeliveries(developer.id, String(params.endpointId ?? ""), query.after));
  }),
});
