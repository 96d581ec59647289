import { openSecret, sealSecret } from "@/lib/secret-box";

// Authenticator secrets are stored sealed (docs/api.md, "Two-factor sign-in"): rotating
// NEXTAUTH_SECRET ends portal sessions and makes enrolled authenticators unreadable (sign in
// with a recovery code, then set two-factor sign-in up again).

const LABEL = "vitals totp secret v1";

export const sealTotpSecret = (secret: string): string => sealSecret(LABEL, secret);

/** The secret, or null when it cannot be opened. A row stored before encryption (no prefix) is read as it is. */
export function openTotpSecret(stored: string): string | null {
  return stored.startsWith("v1:") ? openSecret(LABEL, stored) : stored;
}
