// GET /.well-known/jwks.json: the public keys that verify our ID tokens.
import { endpoint } from "@/lib/http/endpoint";
import { route } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { jwks } from "@/lib/auth/id-token";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: route(async () => json(await jwks(), { headers: { "Cache-Control": "public, max-age=300" } })),
});
