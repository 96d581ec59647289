import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "@/lib/env";

// Secrets the product must read back (authenticator secrets, webhook signing secrets) are
// stored sealed with AES-256-GCM, so a copy of the database alone does not reveal them. Each
// kind has its own key, derived from NEXTAUTH_SECRET (which every instance shares) and a label.

const PREFIX = "v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

function key(label: string): Buffer {
  const secret = env().NEXTAUTH_SECRET;
  if (!secret) throw new Error(`NEXTAUTH_SECRET is not set: it keys the stored ${label}`);
  return Buffer.from(hkdfSync("sha256", secret, "", label, 32));
}

export function sealSecret(label: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key(label), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64");
}

/** The secret, or null when it cannot be opened (sealed under another key, or altered). */
export function openSecret(label: string, stored: string): string | null {
  const raw = Buffer.from(stored.slice(PREFIX.length), "base64");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(label), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
