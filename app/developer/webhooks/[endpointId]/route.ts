// GET, PATCH and DELETE /developer/webhooks/{endpointId}: one endpoint; change it (URL, events, enabled); delete it.
import { endpoint } from "@/lib/http/endpoint";
import type { RouteParams } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { withDeveloper } from "@/lib/http/with-developer";
import { deleteEndpoint, endpointView, findEndpoint, updateEndpoint } from "@/lib/webhooks/endpoints";
import { updateEndpointBody } from "@/lib/webhooks/schemas";

export const dynamic = "force-dynamic";

const id = (params: RouteParams) => String(params.endpointId ?? "");

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: withDeveloper(async ({ params, developer }) => json(endpointView(await findEndpoint(developer.id, id(params))))),
  PATCH: withDeveloper(async ({ req, params, ip, developer }) => {
    const body = updateEndpointBody.parse(await readJson(req));
    return json(await updateEndpoint({ developerId: developer.id, ip }, id(params), body));
  }),
  DELETE: withDeveloper(async ({ params, ip, developer }) => {
    await deleteEndpoint({ developerId: developer.id, ip }, id(params));
    return json({ id: id(params), deleted: true });
  }),
});
