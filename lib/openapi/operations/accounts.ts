import { forgotPasswordBody, loginBody, resetPasswordBody, signupBody, verifyQuery } from "@/lib/accounts/schemas";
import { idTokenSchema, messageSchema, signUpSchema, verifySchema } from "../developer-responses";
import { BODY, type Operation } from "./operation";

// Accounts, before sign-in: sign-up, e-mail verification, sign-in, password reset.
export const ACCOUNT_OPERATIONS: Operation[] = [
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
    summary: "Sign in for an ID token (`totp` with two-factor sign-in; `organization_id` to act for an organization)",
    body: loginBody,
    ok: {
      status: 200,
      description: "id_token, token_type, expires_in",
      schema: idTokenSchema,
      headers: ["Cache-Control"],
    },
    errors: [...BODY, "INVALID_CREDENTIALS", "TOTP_REQUIRED", "FORBIDDEN", "AUTH_BLOCKED", "UNAVAILABLE"],
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
];
