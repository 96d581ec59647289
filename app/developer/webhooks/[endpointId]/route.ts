// GET, PATCH and DELETE /developer/webhooks/{endpointId}: one endpoint; change it (URL, events, enabled); delete it.
import { endpoint } from "@/lib/http/endpoint";
import type { RouteParams } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { withMember } from "@/lib/http/with-developer";
import { deleteEndpoint, endpointView, findEndpoint, updateEndpoint } from "@/lib/webhooks/endpoints";
import { updateEndpointBody } from "@/lib/webhooks/schemas";

export const dynamic = "force-dynamic";

const id = (params: RouteParams) => String(params.endpointId ?? "");

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: withMember("webhooks.read", async ({ params, member }) =>
    json(endpointView(await findEndpoint(member.organization.id, id(params)))),
  ),
  PATCH: withMember("webhooks.write", async ({ req, params, actor }) => {
    const body = updateEndpointBody.parse(await readJson(req));
    return json(await updateEndpoint(actor, id(params), body));
  }),
  DELETE: withMember("webhooks.write", async ({ params, actor }) => {
    await deleteEndpoint(actor, id(params));
    return json({ id: id(params), deleted: true });
  }),
});
