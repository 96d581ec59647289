// GET and POST /developer/keys: list the developer's API keys, or create one (its value is shown once).
import { endpoint } from "@/lib/http/endpoint";
import { IDEMPOTENCY_HEADER } from "@/lib/http/idempotent";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { withMember } from "@/lib/http/with-developer";
import { createKeyBody } from "@/lib/accounts/schemas";
import { createKey } from "@/lib/keys/create-key";
import { listKeys } from "@/lib/keys/list-keys";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(
  {
    GET: withMember("keys.read", async ({ member }) => json({ keys: await listKeys(member.organization.id) })),
    POST: withMember(
      "keys.write",
      async ({ req, actor }) => {
        const body = createKeyBody.parse(await readJson(req));
        return json(await createKey(actor, body), { status: 201, headers: { "Cache-Control": "no-store" } });
      },
      { idempotent: true },
    ),
  },
  { requestHeaders: [IDEMPOTENCY_HEADER] },
);
