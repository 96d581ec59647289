// POST /sdk/client-token
import { preflight, methodNotAllowed } from "@/lib/http/handler";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/respond";
import { withApiKey } from "@/lib/http/with-api-key";
import { mintClientToken } from "@/lib/keys/mint-client-token";

export const POST = withApiKey(async ({ req, key, now }) =>
  json(await mintClientToken(key, await readJson(req), now), { status: 201, headers: { "Cache-Control": "no-store" } }),
);
export const OPTIONS = preflight;

const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE };
