// DELETE /developer/keys/{id}: revoke an API key, immediately and for good.
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { withMember } from "@/lib/http/with-developer";
import { revokeKey } from "@/lib/keys/revoke-key";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  DELETE: withMember("keys.write", async ({ params, actor }) => json(await revokeKey(actor, String(params.id ?? "")))),
});
