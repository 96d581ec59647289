// POST /sdk/session/upload-complete
import { preflight, methodNotAllowed } from "@/lib/http/handler";
import { withApiKey } from "@/lib/http/with-api-key";
import { handleUploadComplete } from "@/lib/sessions/sdk-handlers";

export const POST = withApiKey(handleUploadComplete);
export const OPTIONS = preflight;

const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE };
