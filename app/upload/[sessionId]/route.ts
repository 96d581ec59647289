// PUT /upload/{sessionId}?expires=..&sig=..: the default storage driver's signed upload target.
import { endpoint } from "@/lib/http/endpoint";
import { route } from "@/lib/http/handler";
import { receiveUpload } from "@/lib/sessions/receive-upload";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(
  {
    PUT: route(async ({ req, params }) => {
      const answer = await receiveUpload(req, String(params.sessionId));
      // 308 without Location: "incomplete", as resumable uploads answer it (docs/api.md, "Chunked upload").
      if (answer.status === 308)
        return new Response(null, { status: 308, headers: answer.range ? { Range: answer.range } : {} });
      return new Response(null, { status: 200, headers: answer.etag ? { ETag: answer.etag } : {} });
    }),
  },
  // A browser page on another origin sends its chunks with these (docs/api.md, "Chunked upload").
  { requestHeaders: ["Content-Range", "Tensor-Grid"] },
);
