// POST /developer/keys/{id}/roll: a new secret for the key (shown once); the old one lasts the chosen grace period.
import { endpoint } from "@/lib/http/endpoint";
import { IDEMPOTENCY_HEADER } from "@/lib/http/idempotent";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { withMember } from "@/lib/http/with-developer";
import { rollKeyBody } from "@/lib/accounts/schemas";
import { rollKey } from "@/lib/keys/roll-key";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(
  {
    POST: withMember(
      "keys.write",
      async ({ req, params, actor }) => {
        const body = rollKeyBody.parse(await readJson(req));
        return json(await rollKey(actor, String(params.id ?? ""), body), {
          headers: { "Cache-Control": "no-store" },
        });
      },
      { idempotent: true },
    ),
  },
  { requestHeaders: [IDEMPOTENCY_HEADER] },
);
