import type { z } from "zod";
import type { ErrorCode } from "@/lib/http/errors";

// What one operation of the OpenAPI document declares, and the parts many share.

export type Auth = "apiKey" | "idToken" | "none" | "signedUrl" | "stripeSignature";
export type Header = "ETag" | "Range" | "X-Usage-Current" | "X-Usage-Limit" | "X-Usage-Remaining" | "Cache-Control";
export type Operation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  summary: string;
  tag: "SDK" | "Developer" | "Public" | "Service";
  auth: Auth;
  body?: z.ZodType;
  query?: z.ZodObject;
  /** A raw body (the tensor) in one of these content types, instead of JSON. */
  binaryBody?: string[];
  /** The success answer: its status, its body's schema (none: an empty body), headers of its own. */
  ok: { status: number; schema?: z.ZodType; description: string; headers?: Header[] };
  /** Other answers that are not errors (a chunked upload's 308), with their headers; none have a body. */
  also?: { status: number; description: string; headers?: Header[] }[];
  /** The error codes it may answer (docs/api.md, "Errors"), in the flat error body. */
  errors: ErrorCode[];
  /** Takes an Idempotency-Key (docs/api.md, "Safe retries"); every developer POST does. */
  idempotent?: boolean;
  /** Descriptions of its path parameters where PATH_PARAMS' would be wrong (an `{id}` that is not a key's). */
  pathParams?: Record<string, string>;
};

// The checks every call of a kind goes through (docs/api.md), before its own errors.
export const SDK_CALL: ErrorCode[] = [
  "API_KEY_INVALID",
  "API_KEY_REVOKED",
  "API_KEY_EXPIRED",
  "DEVELOPER_SUSPENDED",
  "DEVELOPER_PENDING",
  "FORBIDDEN",
  "RATE_LIMIT_EXCEEDED",
  "AUTH_BLOCKED",
  "UNAVAILABLE",
];
export const SIGNED_IN: ErrorCode[] = ["UNAUTHORIZED", "UNAVAILABLE"];
export const ACTIVE: ErrorCode[] = [...SIGNED_IN, "DEVELOPER_SUSPENDED", "DEVELOPER_PENDING"];
/**
 * An endpoint that acts for the ID token's organization (withMember): 403 FORBIDDEN when the
 * account is no longer a member there, or its role does not allow the operation (docs/teams.md).
 */
export const MEMBER: ErrorCode[] = [...ACTIVE, "FORBIDDEN"];
export const BODY: ErrorCode[] = ["INVALID_REQUEST", "PAYLOAD_TOO_LARGE"];

const sessionId = "Session id (UUID)";
const keyId = "API key id (UUID)";
export const PATH_PARAMS: Record<string, string> = {
  sessionId,
  id: keyId,
  endpointId: "Webhook endpoint id (UUID)",
  deliveryId: "Webhook delivery id (UUID)",
  accountId: "A member's account id (UUID)",
};
