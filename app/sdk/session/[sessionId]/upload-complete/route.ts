// POST /sdk/session/{sessionId}/upload-complete
import { endpoint } from "@/lib/http/endpoint";
import { withApiKey } from "@/lib/http/with-api-key";
import { handleUploadComplete } from "@/lib/sessions/sdk-handlers";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  POST: withApiKey(handleUploadComplete),
});
