import { randomBytes } from "node:crypto";
import type { KeyEnvironment } from "@/lib/generated/prisma/enums";
import { hashApiKey } from "./key-format";

// ct_{test|live}_ + 64 lowercase hex characters (32 bytes from a CSPRNG): the same shape as a
// key, with a prefix that tells a browser credential from a secret key at a glance (docs/api.md).
export const CLIENT_TOKEN_PATTERN = /^ct_(test|live)_[0-9a-f]{64}$/;

/** Whether a presented credential claims to be a client token (well-formed or not). */
export function looksLikeClientToken(credential: string): boolean {
  return credential.startsWith("ct_");
}

export function isWellFormedClientToken(token: string): boolean {
  return CLIENT_TOKEN_PATTERN.test(token);
}

/** Tokens are hashed like keys: SHA-256 of the whole value; only the hash is stored. */
export const hashClientToken = hashApiKey;

/** A new token for a key of this environment: the value (returned once) and its hash (stored). */
export function generateClientToken(environment: KeyEnvironment) {
  const token = `ct_${environment}_${randomBytes(32).toString("hex")}`;
  return { token, tokenHash: hashClientToken(token) };
}
