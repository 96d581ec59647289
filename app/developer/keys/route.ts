// GET and POST /developer/keys: list the developer's API keys, or create one (its value is shown once).
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { withDeveloper } from "@/lib/http/with-developer";
import { createKeyBody } from "@/lib/accounts/schemas";
import { createKey } from "@/lib/keys/create-key";
import { listKeys } from "@/lib/keys/list-keys";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: withDeveloper(async ({ developer }) => json({ keys: await listKeys(developer.id) })),
  POST: withDeveloper(async ({ req, ip, developer }) => {
    const body = createKeyBody.parse(await readJson(req));
    return json(await createKey(developer.id, body, ip), { status: 201, headers: { "Cache-Control": "no-store" } });
  }),
});
