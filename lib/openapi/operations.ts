import { z } from "zod";
import {
  checkoutBody,
  createKeyBody,
  forgotPasswordBody,
  loginBody,
  profilePatchBody,
  resetPasswordBody,
  rollKeyBody,
  signupBody,
  verifyQuery,
} from "@/lib/accounts/schemas";
import { mintClientTokenBody } from "@/lib/keys/client-token-schemas";
import { requestLogEntry, requestLogQuery } from "@/lib/request-log/schemas";
import { startSessionBody, uploadCompleteBody } from "@/lib/sessions/schemas";
import type { ErrorCode } from "@/lib/http/errors";
import {
  billingPortalSchema,
  checkoutSchema,
  createdKeySchema,
  healthSchema,
  idTokenSchema,
  jwksSchema,
  keyListSchema,
  messageSchema,
  profileSchema,
  revokedKeySchema,
  rolledKeySchema,
  signUpSchema,
  usageHistorySchema,
  usageSchema,
  verifySchema,
  webhookSchema,
} from "./developer-responses";
import {
  clientTokenSchema,
  completedResultSchema,
  includeQuery,
  polledResultSchema,
  startedSessionSchema,
  uploadQuery,
} from "./responses";

// Every endpoint the app serves, with the zod schemas its handler parses, so the OpenAPI
// document (lib/openapi/document.ts) cannot drift from what the handlers accept. Prose
// (limits, error cases) stays in docs/api.md.

export type Auth = "apiKey" | "idToken" | "none" | "signedUrl" | "stripeSignature";
export type Header = "ETag" | "X-Usage-Current" | "X-Usage-Limit" | "X-Usage-Remaining" | "Cache-Control";
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
  /** The error codes it may answer (docs/api.md, "Errors"), in the flat error body. */
  errors: ErrorCode[];
};

// The checks every call of a kind goes through (docs/api.md), before its own errors.
const SDK_CALL: ErrorCode[] = [
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
const SIGNED_IN: ErrorCode[] = ["UNAUTHORIZED", "UNAVAILABLE"];
const ACTIVE: ErrorCode[] = [...SIGNED_IN, "DEVELOPER_SUSPENDED", "DEVELOPER_PENDING"];
const BODY: ErrorCode[] = ["INVALID_REQUEST", "PAYLOAD_TOO_LARGE"];

const sessionId = "Session id (UUID)";
const keyId = "API key id (UUID)";
export const PATH_PARAMS: Record<string, string> = { sessionId, id: keyId };

export const OPERATIONS: Operation[] = [
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
      description: "The upload arrived whole (no body; ETag is the MD5 of the bytes)",
      headers: ["ETag"],
    },
    errors: ["INVALID_REQUEST", "FORBIDDEN", "PAYLOAD_TOO_LARGE", "UNAVAILABLE"],
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
  {
    method: "post",
    path: "/sdk/client-token",
    tag: "SDK",
    auth: "apiKey",
    summary: "Mint a short-lived client token for browsers",
    body: mintClientTokenBody,
    ok: { status: 201, description: "The client token", schema: clientTokenSchema, headers: ["Cache-Control"] },
    errors: [...BODY, ...SDK_CALL],
  },
  {
    method: "post",
    path: "/developer/signup",
    tag: "Public",
    auth: "none",
    summary: "Create a developer account",
    body: signupBody,
    ok: { status: 201, description: "The account is pending e-mail verification", schema: signUpSchema },
    errors: [...BODY, "RATE_LIMIT_EXCEEDED", "UNAVAILABLE"],
  },
  {
    method: "get",
    path: "/developer/verify",
    tag: "Public",
    auth: "none",
    summary: "Verify an e-mail address",
    query: verifyQuery,
    ok: { status: 200, description: "verified or already_verified", schema: verifySchema },
    errors: ["INVALID_REQUEST", "UNAVAILABLE"],
  },
  {
    method: "post",
    path: "/developer/login",
    tag: "Public",
    auth: "none",
    summary: "Sign in for an ID token (with `totp` when two-factor sign-in is on)",
    body: loginBody,
    ok: {
      status: 200,
      description: "id_token, token_type, expires_in",
      schema: idTokenSchema,
      headers: ["Cache-Control"],
    },
    errors: [...BODY, "INVALID_CREDENTIALS", "TOTP_REQUIRED", "AUTH_BLOCKED", "UNAVAILABLE"],
  },
  {
    method: "post",
    path: "/developer/forgot-password",
    tag: "Public",
    auth: "none",
    summary: "Mail a password-reset link",
    body: forgotPasswordBody,
    ok: { status: 202, description: "Always accepted", schema: messageSchema },
    errors: ["PAYLOAD_TOO_LARGE", "UNAVAILABLE"],
  },
  {
    method: "post",
    path: "/developer/reset-password",
    tag: "Public",
    auth: "none",
    summary: "Set a new password with a reset token",
    body: resetPasswordBody,
    ok: { status: 200, description: "Password changed; other sessions end", schema: messageSchema },
    errors: [...BODY, "UNAVAILABLE"],
  },
  {
    method: "get",
    path: "/developer/profile",
    tag: "Developer",
    auth: "idToken",
    summary: "The account's profile",
    ok: { status: 200, description: "The profile", schema: profileSchema },
    errors: [...SIGNED_IN],
  },
  {
    method: "patch",
    path: "/developer/profile",
    tag: "Developer",
    auth: "idToken",
    summary: "Change name or company",
    body: profilePatchBody,
    ok: { status: 200, description: "The profile", schema: profileSchema },
    errors: [...BODY, ...ACTIVE],
  },
  {
    method: "get",
    path: "/developer/keys",
    tag: "Developer",
    auth: "idToken",
    summary: "List API keys (never their values)",
    ok: { status: 200, description: "keys", schema: keyListSchema },
    errors: [...ACTIVE],
  },
  {
    method: "post",
    path: "/developer/keys",
    tag: "Developer",
    auth: "idToken",
    summary: "Create an API key (its value is shown once)",
    body: createKeyBody,
    ok: { status: 201, description: "The key with its value", schema: createdKeySchema, headers: ["Cache-Control"] },
    errors: [...BODY, ...ACTIVE, "KEY_LIMIT_REACHED"],
  },
  {
    method: "delete",
    path: "/developer/keys/{id}",
    tag: "Developer",
    auth: "idToken",
    summary: "Revoke an API key",
    ok: { status: 200, description: "id, revoked, revoked_at", schema: revokedKeySchema },
    errors: [...ACTIVE, "NOT_FOUND"],
  },
  {
    method: "post",
    path: "/developer/keys/{id}/roll",
    tag: "Developer",
    auth: "idToken",
    summary: "Roll a key: a new secret, the old one valid for a grace period",
    body: rollKeyBody,
    ok: { status: 200, description: "The key with its new value", schema: rolledKeySchema, headers: ["Cache-Control"] },
    errors: [...BODY, ...ACTIVE, "NOT_FOUND"],
  },
  {
    method: "get",
    path: "/developer/request-log",
    tag: "Developer",
    auth: "idToken",
    summary: "The account's requests of the last 30 days",
    query: requestLogQuery,
    ok: {
      status: 200,
      description: "One page of the log",
      schema: z.object({
        requests: z.array(requestLogEntry),
        total: z.number().int(),
        page: z.number().int(),
        page_size: z.number().int(),
      }),
    },
    errors: ["INVALID_REQUEST", ...ACTIVE],
  },
  {
    method: "get",
    path: "/developer/usage",
    tag: "Developer",
    auth: "idToken",
    summary: "This month's scans against the quota",
    ok: { status: 200, description: "The usage", schema: usageSchema },
    errors: [...ACTIVE],
  },
  {
    method: "get",
    path: "/developer/usage/history",
    tag: "Developer",
    auth: "idToken",
    summary: "Scans of the last six months",
    ok: { status: 200, description: "history", schema: usageHistorySchema },
    errors: [...ACTIVE],
  },
  {
    method: "post",
    path: "/developer/checkout",
    tag: "Developer",
    auth: "idToken",
    summary: "Start a Stripe Checkout for a plan",
    body: checkoutBody,
    ok: { status: 200, description: "id, url", schema: checkoutSchema },
    errors: [...BODY, ...ACTIVE],
  },
  {
    method: "post",
    path: "/developer/billing-portal",
    tag: "Developer",
    auth: "idToken",
    summary: "Open the Stripe billing portal",
    ok: { status: 200, description: "url", schema: billingPortalSchema },
    errors: [...ACTIVE],
  },
  {
    method: "post",
    path: "/api/stripe/webhook",
    tag: "Service",
    auth: "stripeSignature",
    summary: "Stripe's signed events",
    ok: { status: 200, description: "received", schema: webhookSchema },
    errors: [...BODY, "UNAVAILABLE"],
  },
  {
    method: "get",
    path: "/.well-known/jwks.json",
    tag: "Service",
    auth: "none",
    summary: "Public keys that sign ID tokens",
    ok: { status: 200, description: "A JWK set", schema: jwksSchema },
    errors: ["UNAVAILABLE"],
  },
  {
    method: "get",
    path: "/health",
    tag: "Service",
    auth: "none",
    summary: "Liveness and database",
    ok: { status: 200, description: "status, database", schema: healthSchema },
    errors: ["UNAVAILABLE"],
  },
  {
    method: "get",
    path: "/openapi.json",
    tag: "Service",
    auth: "none",
    summary: "This document",
    ok: { status: 200, description: "OpenAPI 3.1", schema: z.looseObject({ openapi: z.literal("3.1.0") }) },
    errors: [],
  },
];
