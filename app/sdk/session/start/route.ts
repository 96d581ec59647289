// POST /sdk/session/start
import { withApiKey } from "@/lib/http/with-api-key";
import { preflight, methodNotAllowed } from "@/lib/http/handler";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/respond";
import { startSessionBody } from "@/lib/sessions/schemas";
import { startSession, usageHeaders } from "@/lib/sessions/start-session";

export const POST = withApiKey(async ({ req, key, now, responseHeaders }) => {
  const body = startSessionBody.parse(await readJson(req));
  const session = await startSession(key, body.demographics, now, (usage) => {
    for (const [name, value] of Object.entries(usageHeaders(usage))) responseHeaders.set(name, value);
  });
  return json(session);
});
export const OPTIONS = preflight;

const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE };
