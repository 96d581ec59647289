// POST /developer/webhooks/{endpointId}/roll-secret: a new signing secret (shown once); the old one also signs for the grace period.
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { withDeveloper } from "@/lib/http/with-developer";
import { rollEndpointSecret } from "@/lib/webhooks/endpoints";
import { rollSecretBody } from "@/lib/webhooks/schemas";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  POST: withDeveloper(async ({ req, params, ip, developer }) => {
    const body = rollSecretBody.parse(await readJson(req));
    const rolled = await rollEndpointSecret(
      { developerId: developer.id, ip },
      String(params.endpointId ?? ""),
      body.grace_period,
    );
    return json({ ...rolled.endpoint, secret: rolled.secret }, { headers: { "Cache-Control": "no-store" } });
  }),
});
