// PUT /upload/{sessionId}?expires=..&sig=..: the default storage driver's signed upload target.
import { preflight, route, methodNotAllowed } from "@/lib/http/handler";
import { receiveUpload } from "@/lib/sessions/receive-upload";

export const PUT = route(async ({ req, params }) => {
  const { etag } = await receiveUpload(req, String(params.sessionId));
  return new Response(null, { status: 200, headers: { ETag: etag } });
});
export const OPTIONS = preflight;

const otherMethods = methodNotAllowed("PUT");
export { otherMethods as GET, otherMethods as POST, otherMethods as PATCH, otherMethods as DELETE };
