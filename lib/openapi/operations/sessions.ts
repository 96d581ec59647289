import { startSessionBody, uploadCompleteBody } from "@/lib/sessions/schemas";
import {
  completedResultSchema,
  includeQuery,
  polledResultSchema,
  startedSessionSchema,
  uploadQuery,
} from "../responses";
import { BODY, type Operation, SDK_CALL } from "./operation";

// Sessions: start, the signed upload, upload-complete and the result (the last two in both path forms).
export const SESSION_OPERATIONS: Operation[] = [
  {
    method: "post",
    path: "/sdk/session/start",
    tag: "SDK",
    auth: "apiKey",
    summary: "Start a session (uses one monthly scan on a live key)",
    body: startSessionBody,
    ok: {
      status: 200,
      description: "The session",
      schema: startedSessionSchema,
      headers: ["X-Usage-Current", "X-Usage-Limit", "X-Usage-Remaining"],
    },
    idempotent: true,
    errors: [...BODY, ...SDK_CALL, "QUOTA_EXCEEDED", "TRY_IT_LIMIT_EXCEEDED"],
  },
  {
    method: "put",
    path: "/upload/{sessionId}",
    tag: "SDK",
    auth: "signedUrl",
    summary: "Upload the tensor to the signed upload URL",
    query: uploadQuery,
    binaryBody: ["application/octet-stream", "video/webm"],
    ok: {
      status: 200,
      description:
        "The upload arrived whole (no body; ETag is the MD5 of the bytes). A chunked upload (docs/api.md, Chunked upload) answers 200 to its header",
      headers: ["ETag"],
    },
    also: [
      {
        status: 308,
        description:
          "A chunked upload's chunk was taken, or a status query (Content-Range: bytes */*): incomplete; Range gives the bytes held",
        headers: ["Range"],
      },
    ],
    errors: ["INVALID_REQUEST", "FORBIDDEN", "UPLOAD_CONFLICT", "PAYLOAD_TOO_LARGE", "UNAVAILABLE"],
  },
  {
    method: "post",
    path: "/sdk/session/upload-complete",
    tag: "SDK",
    auth: "apiKey",
    summary: "Process the uploaded tensor and answer the vitals",
    body: uploadCompleteBody,
    query: includeQuery,
    ok: { status: 200, description: "The vitals", schema: completedResultSchema },
    errors: [...BODY, ...SDK_CALL, "SESSION_NOT_FOUND"],
  },
  {
    method: "post",
    path: "/sdk/session/{sessionId}/upload-complete",
    tag: "SDK",
    auth: "apiKey",
    summary: "Process the uploaded tensor (path form)",
    body: uploadCompleteBody,
    query: includeQuery,
    ok: { status: 200, description: "The vitals", schema: completedResultSchema },
    errors: [...BODY, ...SDK_CALL, "SESSION_NOT_FOUND"],
  },
  {
    method: "get",
    path: "/sdk/session/result/{sessionId}",
    tag: "SDK",
    auth: "apiKey",
    summary: "Poll a session's result",
    query: includeQuery,
    ok: { status: 200, description: "The session's status and, once done, its vitals", schema: polledResultSchema },
    errors: ["INVALID_REQUEST", ...SDK_CALL, "SESSION_NOT_FOUND"],
  },
  {
    method: "get",
    path: "/sdk/session/{sessionId}/result",
    tag: "SDK",
    auth: "apiKey",
    summary: "Poll a session's result (path form)",
    query: includeQuery,
    ok: { status: 200, description: "The session's status and, once done, its vitals", schema: polledResultSchema },
    errors: ["INVALID_REQUEST", ...SDK_CALL, "SESSION_NOT_FOUND"],
  },
];
