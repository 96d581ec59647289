// POST /sdk/session/start
import { endpoint } from "@/lib/http/endpoint";
import { withApiKey } from "@/lib/http/with-api-key";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/respond";
import { startSessionBody } from "@/lib/sessions/schemas";
import { startSession, usageHeaders } from "@/lib/sessions/start-session";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  POST: withApiKey(async ({ req, key, now, responseHeaders }) => {
    const body = startSessionBody.parse(await readJson(req));
    const session = await startSession(key, body.demographics, now, (usage) => {
      for (const [name, value] of Object.entries(usageHeaders(usage))) responseHeaders.set(name, value);
    });
    return json(session);
  }),
});
