// GET /developer/usage/history: scans of the last six months, newest first.
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { withDeveloper } from "@/lib/http/with-developer";
import { getUsageHistory } from "@/lib/usage/get-usage";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: withDeveloper(async ({ developer }) => json(await getUsageHistory(developer.id))),
});
