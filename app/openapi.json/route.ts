// GET /openapi.json: the OpenAPI 3.1 document of every endpoint (public).
import { preflight, route, methodNotAllowed } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { env } from "@/lib/env";
import { openApiDocument } from "@/lib/openapi/document";

export const dynamic = "force-dynamic";

export const GET = route(async () => json(openApiDocument(env().APP_URL)));
export const OPTIONS = preflight;

const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE };
