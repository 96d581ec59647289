// POST /developer/keys/{id}/roll: a new secret for the key (shown once); the old one lasts the chosen grace period.
import { preflight, methodNotAllowed } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { withDeveloper } from "@/lib/http/with-developer";
import { rollKeyBody } from "@/lib/accounts/schemas";
import { rollKey } from "@/lib/keys/roll-key";

export const dynamic = "force-dynamic";

export const POST = withDeveloper(async ({ req, params, ip, developer }) => {
  const body = rollKeyBody.parse(await readJson(req));
  return json(await rollKey(developer.id, String(params.id ?? ""), body, ip), { headers: { "Cache-Control": "no-store" } });
});
export const OPTIONS = preflight;

const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE };
