// GET /.well-known/jwks.json: the public keys that verify our ID tokens.
import { preflight, route, methodNotAllowed } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { jwks } from "@/lib/identity/id-token";

export const dynamic = "force-dynamic";

export const GET = route(async () => json(await jwks(), { headers: { "Cache-Control": "public, max-age=300" } }));
export const OPTIONS = preflight;

const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE };
