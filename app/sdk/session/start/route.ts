// POST /sdk/session/start
import { preflight, methodNotAllowed } from "@/lib/http/handler";
import { handleStartSession } from "@/lib/sessions/start-session-handler";

export const POST = handleStartSession;
export const OPTIONS = preflight;

const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE };
