// GET and POST /developer/invitations: pending invitations (paged); invite an address with a role (the link is mailed).
import { endpoint } from "@/lib/http/endpoint";
import { IDEMPOTENCY_HEADER } from "@/lib/http/idempotent";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { searchParamsOf } from "@/lib/http/search-params";
import { withMember } from "@/lib/http/with-developer";
import { createInvitation, listInvitations } from "@/lib/teams/invitations";
import { inviteBody, pageQuery } from "@/lib/teams/schemas";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(
  {
    GET: withMember("members.read", async ({ req, member }) =>
      json(await listInvitations(member.organization.id, pageQuery.parse(searchParamsOf(req)).page)),
    ),
    POST: withMember(
      "members.manage",
      async ({ req, member, actor }) => {
        const body = inviteBody.parse(await readJson(req));
        return json(await createInvitation(member, actor, body), { status: 201 });
      },
      { idempotent: true },
    ),
  },
  { requestHeaders: [IDEMPOTENCY_HEADER] },
);
