// GET /developer/usage: this month's live scans against the plan's limit.
import { preflight, methodNotAllowed } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { withDeveloper } from "@/lib/http/with-developer";
import { getUsage } from "@/lib/usage/get-usage";

export const dynamic = "force-dynamic";

export const GET = withDeveloper(async ({ developer }) => json(await getUsage(developer)));
export const OPTIONS = preflight;

const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE };
