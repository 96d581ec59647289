// POST /sdk/session/start (its fast path: lib/sessions/start-session-handler.ts)
import { endpoint } from "@/lib/http/endpoint";
import { IDEMPOTENCY_HEADER } from "@/lib/http/idempotent";
import { handleStartSession } from "@/lib/sessions/start-session-handler";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(
  { POST: handleStartSession },
  { requestHeaders: [IDEMPOTENCY_HEADER] },
);
