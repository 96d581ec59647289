import { createKeyBody, rollKeyBody } from "@/lib/accounts/schemas";
import { createdKeySchema, keyListSchema, revokedKeySchema, rolledKeySchema } from "../developer-responses";
import { BODY, MEMBER, type Operation } from "./operation";

// API keys: list, create, revoke, roll.
export const KEY_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/developer/keys",
    tag: "Developer",
    auth: "idToken",
    summary: "List API keys (never their values)",
    ok: { status: 200, description: "keys", schema: keyListSchema },
    errors: [...MEMBER],
  },
  {
    method: "post",
    path: "/developer/keys",
    tag: "Developer",
    auth: "idToken",
    summary: "Create an API key (its value is shown once)",
    body: createKeyBody,
    ok: { status: 201, description: "The key with its value", schema: createdKeySchema, headers: ["Cache-Control"] },
    errors: [...BODY, ...MEMBER, "KEY_LIMIT_REACHED"],
  },
  {
    method: "delete",
    path: "/developer/keys/{id}",
    tag: "Developer",
    auth: "idToken",
    summary: "Revoke an API key",
    ok: { status: 200, description: "id, revoked, revoked_at", schema: revokedKeySchema },
    errors: [...MEMBER, "NOT_FOUND"],
  },
  {
    method: "post",
    path: "/developer/keys/{id}/roll",
    tag: "Developer",
    auth: "idToken",
    summary: "Roll a key: a new secret, the old one valid for a grace period",
    body: rollKeyBody,
    ok: { status: 200, description: "The key with its new value", schema: rolledKeySchema, headers: ["Cache-Control"] },
    errors: [...BODY, ...MEMBER, "NOT_FOUND"],
  },
];
