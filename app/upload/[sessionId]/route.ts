// PUT /upload/{sessionId}?expires=..&sig=..: the default storage driver's signed upload target.
import { endpoint } from "@/lib/http/endpoint";
import { route } from "@/lib/http/handler";
import { receiveUpload } from "@/lib/sessions/receive-upload";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  PUT: route(async ({ req, params }) => {
    const { etag } = await receiveUpload(req, String(params.sessionId));
    return new Response(null, { status: 200, headers: { ETag: etag } });
  }),
});
