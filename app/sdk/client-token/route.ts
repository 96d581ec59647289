// POST /sdk/client-token
import { endpoint } from "@/lib/http/endpoint";
import { IDEMPOTENCY_HEADER } from "@/lib/http/idempotent";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/respond";
import { withApiKey } from "@/lib/http/with-api-key";
import { mintClientToken } from "@/lib/keys/mint-client-token";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(
  {
    POST: withApiKey(
      async ({ req, key, now }) =>
        json(await mintClientToken(key, await readJson(req), now), {
          status: 201,
          headers: { "Cache-Control": "no-store" },
        }),
      { idempotent: true },
    ),
  },
  { requestHeaders: [IDEMPOTENCY_HEADER] },
);
