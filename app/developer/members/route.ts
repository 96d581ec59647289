// GET /developer/members: the members of the organization the ID token acts for, paged.
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { searchParamsOf } from "@/lib/http/search-params";
import { withMember } from "@/lib/http/with-developer";
import { listMembers } from "@/lib/teams/members";
import { pageQuery } from "@/lib/teams/schemas";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: withMember("members.read", async ({ req, member }) =>
    json(await listMembers(member.organization.id, pageQuery.parse(searchParamsOf(req)).page)),
  ),
});
