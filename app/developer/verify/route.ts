// GET /developer/verify?token=..: mark the e-mail address verified (public; called by the portal's /verify page).
import { endpoint } from "@/lib/http/endpoint";
import { route } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { verifyQuery } from "@/lib/accounts/schemas";
import { verifyEmail } from "@/lib/accounts/verify-email";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: route(async ({ req, ip }) => {
    const { token } = verifyQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
    return json(await verifyEmail(token, ip));
  }),
});
