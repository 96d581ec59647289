// POST /developer/login: e-mail and password (and the authenticator code, when on) for an ID token (public).
import { endpoint } from "@/lib/http/endpoint";
import { route } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { loginBody } from "@/lib/accounts/schemas";
import { authenticatePassword } from "@/lib/accounts/authenticate-password";
import { issueIdToken } from "@/lib/auth/id-token";
import { ApiError } from "@/lib/http/errors";
import { memberFor } from "@/lib/teams/member";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  POST: route(async ({ req, ip }) => {
    const body = loginBody.parse(await readJson(req));
    const { account } = await authenticatePassword(body, ip);
    // Checked after the password, so the answer tells a stranger nothing about an organization.
    if (body.organization_id && !(await memberFor(account.id, body.organization_id)))
      throw new ApiError("FORBIDDEN", "This account is not a member of that organization");
    return json(await issueIdToken(account, new Date(), body.organization_id), {
      headers: { "Cache-Control": "no-store" },
    });
  }),
});
