import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { SdkCredential } from "./authenticate-client-token";
import { generateClientToken } from "./client-token-format";
import { mintClientTokenBody } from "./client-token-schemas";
import { unixSeconds } from "@/lib/time";

export type MintedClientToken = { token: string; expires_at: number; max_scans: number; origins: string[] };

/**
 * POST /sdk/client-token: a short-lived browser credential for this secret key. Only its hash
 * is stored. It never outlives the key's own expiry. Like every SDK call it writes no audit
 * row (docs/api.md, "Client tokens").
 */
export async function mintClientToken(key: SdkCredential, rawBody: unknown, now: Date): Promise<MintedClientToken> {
  // Refused before the body is read: a token leaked to a page must not renew itself.
  if (key.clientToken || !key.apiKey)
    throw new ApiError(
      "FORBIDDEN",
      "A client token cannot mint client tokens; mint them on your server with a secret key",
    );
  const apiKey = key.apiKey;
  const body = mintClientTokenBody.parse(rawBody);
  let expiresAt = new Date(now.getTime() + body.ttl_seconds * 1000);
  if (apiKey.expiresAt && apiKey.expiresAt < expiresAt) expiresAt = apiKey.expiresAt;
  const { token, tokenHash } = generateClientToken(key.environment);
  await db.clientToken.create({
    data: {
      apiKeyId: apiKey.id,
      keySecretVersion: apiKey.secretVersion,
      tokenHash,
      origins: body.origins,
      maxScans: body.max_scans,
      clientReferenceId: body.client_reference_id,
      metadata: body.metadata,
      expiresAt,
      createdAt: now,
    },
  });
  return { token, expires_at: unixSeconds(expiresAt), max_scans: body.max_scans, origins: body.origins };
}
