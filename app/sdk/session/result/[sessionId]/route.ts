// GET /sdk/session/result/{sessionId}
import { preflight, methodNotAllowed } from "@/lib/http/handler";
import { withApiKey } from "@/lib/http/with-api-key";
import { handleGetResult } from "@/lib/sessions/sdk-handlers";

export const dynamic = "force-dynamic";

export const GET = withApiKey(handleGetResult);
export const OPTIONS = preflight;

const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE };
