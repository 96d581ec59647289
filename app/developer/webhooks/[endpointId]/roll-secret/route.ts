// POST /developer/webhooks/{endpointId}/roll-secret: a new signing secret (shown once); the old one also signs for the grace period.
import { endpoint } from "@/lib/http/endpoint";
import { IDEMPOTENCY_HEADER } from "@/lib/http/idempotent";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { withMember } from "@/lib/http/with-developer";
import { rollEndpointSecret } from "@/lib/webhooks/endpoints";
import { rollSecretBody } from "@/lib/webhooks/schemas";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(
  {
    POST: withMember(
      "webhooks.write",
      async ({ req, params, actor }) => {
        const body = rollSecretBody.parse(await readJson(req));
        const rolled = await rollEndpointSecret(actor, String(params.endpointId ?? ""), body.grace_period);
        return json({ ...rolled.endpoint, secret: rolled.secret }, { headers: { "Cache-Control": "no-store" } });
      },
      { idempotent: true },
    ),
  },
  { requestHeaders: [IDEMPOTENCY_HEADER] },
);
