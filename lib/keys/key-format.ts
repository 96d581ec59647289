import { createHash, randomBytes } from "node:crypto";
import type { KeyEnvironment } from "@/lib/generated/prisma/enums";
import { isUuid } from "@/lib/uuid";

// ck_{test|live}_ + 64 lowercase hex characters (32 bytes from a CSPRNG).
export const API_KEY_PATTERN = /^ck_(test|live)_[0-9a-f]{64}$/;
export const KEY_PREFIX_LENGTH = 12;

/** A key id that cannot be a UUID cannot exist (404, never a database error). */
export const isKeyId = isUuid;

export function isWellFormedApiKey(key: string): boolean {
  return API_KEY_PATTERN.test(key);
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function keyEnvironment(key: string): KeyEnvironment {
  return key.startsWith("ck_live_") ? "live" : "test";
}

/** A new key: the full value (shown once), its hash and display prefix (stored). */
export function generateApiKey(environment: KeyEnvironment) {
  const key = `ck_${environment}_${randomBytes(32).toString("hex")}`;
  return { key, keyHash: hashApiKey(key), prefix: key.slice(0, KEY_PREFIX_LENGTH) };
}
