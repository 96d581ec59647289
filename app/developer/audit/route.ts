// GET /developer/audit: the organization's audit trail, newest first, paged, optionally one member's (?member=).
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { searchParamsOf } from "@/lib/http/search-params";
import { withMember } from "@/lib/http/with-developer";
import { listAudit } from "@/lib/teams/audit-trail";
import { auditQuery } from "@/lib/teams/schemas";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: withMember("audit.read", async ({ req, member }) =>
    json(await listAudit(member.organization.id, auditQuery.parse(searchParamsOf(req)))),
  ),
});
