// GET /developer/usage/history: scans of the last six months, newest first.
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { withMember } from "@/lib/http/with-developer";
import { getUsageHistory } from "@/lib/usage/get-usage";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: withMember("usage.read", async ({ member }) => json(await getUsageHistory(member.organization.id))),
});
