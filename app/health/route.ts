// GET /health: liveness plus database reachability.
import { preflight, route, methodNotAllowed } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { checkDatabase } from "@/lib/health/check-database";

export const dynamic = "force-dynamic";

export const GET = route(async () => json({ status: "ok", database: await checkDatabase() }));
export const OPTIONS = preflight;

const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE };
