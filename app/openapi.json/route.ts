// GET /openapi.json: the OpenAPI 3.1 document of every endpoint (public).
import { endpoint } from "@/lib/http/endpoint";
import { route } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { env } from "@/lib/env";
import { openApiDocument } from "@/lib/openapi/document";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: route(async () => json(openApiDocument(env().APP_URL))),
});
