// GET /developer/usage: this month's live scans against the plan's limit.
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { withMember } from "@/lib/http/with-developer";
import { getUsage } from "@/lib/usage/get-usage";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: withMember("usage.read", async ({ member }) => json(await getUsage(member.organization))),
});
