import { createHmac, randomBytes } from "node:crypto";

// The Standard Webhooks scheme (docs/webhooks.md, "Verifying a delivery"): the secret is
// "whsec_" + base64 key bytes; each delivery carries webhook-id, webhook-timestamp (Unix seconds)
// and webhook-signature, "v1,<base64 HMAC-SHA256 of id.timestamp.body>", one per valid secret.

export const SECRET_PREFIX = "whsec_";

export function generateSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The three headers of one delivery, signed with every secret given (during a roll's grace, two). */
export function signedHeaders(secrets: string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((s) => signature(s, id, timestamp, body)).join(" "),
  };
}
