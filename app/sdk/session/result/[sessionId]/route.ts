// GET /sdk/session/result/{sessionId}
import { endpoint } from "@/lib/http/endpoint";
import { withApiKey } from "@/lib/http/with-api-key";
import { handleGetResult } from "@/lib/sessions/sdk-handlers";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: withApiKey(handleGetResult),
});
