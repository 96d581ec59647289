// GET /developer/request-log: the account's SDK and developer-API requests of the last 30 days, filtered and paged.
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { withMember } from "@/lib/http/with-developer";
import { listRequests } from "@/lib/request-log/list-requests";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: withMember("requests.read", async ({ req, member }) =>
    json(await listRequests(member.organization.id, Object.fromEntries(new URL(req.url).searchParams))),
  ),
});
