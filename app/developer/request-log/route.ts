// GET /developer/request-log: the account's SDK and developer-API requests of the last 30 days, filtered and paged.
import { preflight, methodNotAllowed } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { withDeveloper } from "@/lib/http/with-developer";
import { listRequests } from "@/lib/request-log/list-requests";

export const dynamic = "force-dynamic";

export const GET = withDeveloper(async ({ req, developer }) =>
  json(await listRequests(developer.id, Object.fromEntries(new URL(req.url).searchParams))),
);
export const OPTIONS = preflight;

const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE };
