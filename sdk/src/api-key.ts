import { InvalidApiKeyError } from "./errors.js";

// The service's credential formats (docs/api.md): environment prefix + 32 CSPRNG bytes as
// lowercase hex. `ck_` is a secret key (servers only); `ct_` a short-lived client token minted
// from one for a browser page.
const CREDENTIAL_FORMAT = /^(ck|ct)_(test|live)_[0-9a-f]{64}$/;

export type KeyEnvironment = "test" | "live";
export type CredentialKind = "secret-key" | "client-token";

/**
 * Refuses an empty or malformed key or client token before any request (docs/sdk.md,
 * "new VitalsClient"): a typo would otherwise cost a round trip and count toward the IP's brute-force block.
 */
export function validateApiKey(key: unknown): KeyEnvironment {
  if (typeof key !== "string" || key.trim() === "") throw new InvalidApiKeyError("empty");
  const match = CREDENTIAL_FORMAT.exec(key);
  if (!match) throw new InvalidApiKeyError("malformed");
  return match[2] as KeyEnvironment;
}

/** Which kind of credential a value is: only a `ck_` value is a secret key. */
export function credentialKind(key: string): CredentialKind {
  return key.startsWith("ck_") ? "secret-key" : "client-token";
}
