// GET and POST /developer/webhooks: list the account's webhook endpoints, or add one (its signing secret is shown once).
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { withDeveloper } from "@/lib/http/with-developer";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints";
import { createEndpointBody } from "@/lib/webhooks/schemas";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: withDeveloper(async ({ developer }) => json({ endpoints: await listEndpoints(developer.id) })),
  POST: withDeveloper(async ({ req, ip, developer }) => {
    const body = createEndpointBody.parse(await readJson(req));
    const created = await createEndpoint({ developerId: developer.id, ip }, body);
    return json(
      { ...created.endpoint, secret: created.secret },
      { status: 201, headers: { "Cache-Control": "no-store" } },
    );
  }),
});
