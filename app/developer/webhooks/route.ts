// GET and POST /developer/webhooks: list the account's webhook endpoints, or add one (its signing secret is shown once).
import { endpoint } from "@/lib/http/endpoint";
import { IDEMPOTENCY_HEADER } from "@/lib/http/idempotent";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { withMember } from "@/lib/http/with-developer";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints";
import { createEndpointBody } from "@/lib/webhooks/schemas";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(
  {
    GET: withMember("webhooks.read", async ({ member }) =>
      json({ endpoints: await listEndpoints(member.organization.id) }),
    ),
    POST: withMember(
      "webhooks.write",
      async ({ req, actor }) => {
        const body = createEndpointBody.parse(await readJson(req));
        const created = await createEndpoint(actor, body);
        return json(
          { ...created.endpoint, secret: created.secret },
          { status: 201, headers: { "Cache-Control": "no-store" } },
        );
      },
      { idempotent: true },
    ),
  },
  { requestHeaders: [IDEMPOTENCY_HEADER] },
);
