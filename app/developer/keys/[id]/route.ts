// DELETE /developer/keys/{id}: revoke an API key, immediately and for good.
import { preflight, methodNotAllowed } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { withDeveloper } from "@/lib/http/with-developer";
import { revokeKey } from "@/lib/keys/revoke-key";

export const dynamic = "force-dynamic";

export const DELETE = withDeveloper(async ({ params, ip, developer }) => json(await revokeKey(developer.id, String(params.id ?? ""), ip)));
export const OPTIONS = preflight;

const otherMethods = methodNotAllowed("DELETE");
export { otherMethods as GET, otherMethods as POST, otherMethods as PUT, otherMethods as PATCH };
