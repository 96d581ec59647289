// GET /developer/usage/history: scans of the last six months, newest first.
import { preflight, methodNotAllowed } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { withDeveloper } from "@/lib/http/with-developer";
import { getUsageHistory } from "@/lib/usage/get-usage";

export const dynamic = "force-dynamic";

export const GET = withDeveloper(async ({ developer }) => json(await getUsageHistory(developer.id)));
export const OPTIONS = preflight;

const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE };
