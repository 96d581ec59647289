import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "@/lib/env";

// Authenticator secrets are stored encrypted (AES-256-GCM), so a copy of the database alone
// does not let anyone make sign-in codes (docs/api.md, "Two-factor sign-in"). The key is
// derived from NEXTAUTH_SECRET, which every instance already shares: rotating that secret
// ends portal sessions and makes enrolled authenticators unreadable (sign in with a recovery
// code, then set two-factor sign-in up again).

const PREFIX = "v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

function key(): Buffer {
  const secret = env().NEXTAUTH_SECRET;
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set: it keys the stored authenticator secrets");
  return Buffer.from(hkdfSync("sha256", secret, "", "vitals totp secret v1", 32));
}

export function sealTotpSecret(secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64");
}

/**
 * The secret, or null when it cannot be opened (sealed under another NEXTAUTH_SECRET, or
 * altered). A row stored before encryption (no prefix) is read as it is.
 */
export function openTotpSecret(stored: string): string | null {
  if (!stored.startsWith(PREFIX)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), "base64");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
