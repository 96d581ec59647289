import { InvalidApiKeyError } from "./errors.js";

// The service's key format (decisions §4): environment prefix + 32 CSPRNG bytes as lowercase hex.
const KEY_FORMAT = /^ck_(test|live)_[0-9a-f]{64}$/;

export type KeyEnvironment = "test" | "live";

/**
 * Refuses an empty or malformed key before any request (spec Authentication rule 10): a typo
 * would otherwise cost a round trip and count toward the IP's brute-force block.
 */
export function validateApiKey(key: unknown): KeyEnvironment {
  if (typeof key !== "string" || key.trim() === "") throw new InvalidApiKeyError("empty");
  const match = KEY_FORMAT.exec(key);
  if (!match) throw new InvalidApiKeyError("malformed");
  return match[1] as KeyEnvironment;
}
