import { createHmac, timingSafeEqual } from "node:crypto";

// Verifies a webhook delivery from the service (docs/webhooks.md, "Verifying a delivery"): the
// Standard Webhooks scheme, so any of its published verifiers works too. Verify the raw body,
// byte for byte as received: a body parsed and serialized again no longer matches.

/** A delivery whose signature, timestamp or headers do not hold. */
export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
}

/** The event as delivered (docs/webhooks.md, "Events"). */
export type WebhookEvent<T = Record<string, unknown>> = {
  id: string;
  type: string;
  created_at: number;
  environment: "live" | "test";
  data: T;
};

export type VerifyWebhookOptions = {
  /** How far the timestamp may be from now, in seconds (default 300): older deliveries are replays. */
  toleranceSeconds?: number;
  /** Now, in Unix seconds (for tests). */
  now?: number;
};

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks a delivery's signature against the endpoint's signing secret ("whsec_...") and returns
 * the parsed event; throws WebhookVerificationError otherwise. During a secret roll's grace the
 * delivery carries one signature per secret: either secret verifies it.
 */
export function verifyWebhook<T = Record<string, unknown>>(
  body: string | Uint8Array,
  headers: HeaderSource,
  secret: string,
  options: VerifyWebhookOptions = {},
): WebhookEvent<T> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError("Missing webhook-id, webhook-timestamp or webhook-signature");
  const sentAt = Number(timestamp);
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (!/^\d+$/.test(timestamp) || Math.abs(now - sentAt) > (options.toleranceSeconds ?? 300))
    throw new WebhookVerificationError("The webhook-timestamp is too far from now");
  if (!secret.startsWith("whsec_")) throw new WebhookVerificationError("The secret must start with whsec_");
  const text = typeof body === "string" ? body : new TextDecoder().decode(body);
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${text}`).digest();
  const matches = signatures.split(" ").some((entry) => {
    const [version, value] = entry.split(",", 2);
    if (version !== "v1" || !value) return false;
    const given = Buffer.from(value, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError("No signature matches the secret");
  return JSON.parse(text) as WebhookEvent<T>;
}
