// POST /developer/invitations/accept: the signed-in account (the invited address) joins with the invitation's role.
import { endpoint } from "@/lib/http/endpoint";
import { IDEMPOTENCY_HEADER } from "@/lib/http/idempotent";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { withDeveloper } from "@/lib/http/with-developer";
import { acceptInvitation } from "@/lib/teams/invitations";
import { acceptInvitationBody } from "@/lib/teams/schemas";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(
  {
    POST: withDeveloper(
      async ({ req, ip, developer }) => {
        const { token } = acceptInvitationBody.parse(await readJson(req));
        return json(await acceptInvitation(developer, token, ip));
      },
      { idempotent: true },
    ),
  },
  { requestHeaders: [IDEMPOTENCY_HEADER] },
);
