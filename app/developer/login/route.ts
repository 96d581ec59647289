// POST /developer/login: e-mail and password (and the authenticator code, when on) for an ID token (public).
import { endpoint } from "@/lib/http/endpoint";
import { route } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { loginBody } from "@/lib/accounts/schemas";
import { authenticatePassword } from "@/lib/accounts/authenticate-password";
import { issueIdToken } from "@/lib/auth/id-token";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  POST: route(async ({ req, ip }) => {
    const { account } = await authenticatePassword(loginBody.parse(await readJson(req)), ip);
    return json(await issueIdToken(account), { headers: { "Cache-Control": "no-store" } });
  }),
});
