import { db } from "@/lib/db";
import type { Reference } from "@/lib/sessions/reference";
import { env } from "@/lib/env";
import { keyOwner, type KeyOwner } from "@/lib/teams/key-owner";
import type { ClientTokenPurpose, KeyEnvironment } from "@/lib/generated/prisma/enums";
import { ApiError } from "@/lib/http/errors";
import type { AuthenticatedKey } from "./authenticate-key";
import { hashClientToken, isWellFormedClientToken } from "./client-token-format";

/** What a client token may do, carried through an SDK request. */
export type ClientTokenGrant = {
  id: string;
  purpose: ClientTokenPurpose;
  maxScans: number;
  origins: string[];
  /** The reference its minter bound it to (docs/api.md, "References"). */
  reference: Reference;
};

/**
 * The credential of an SDK request: a secret key, or a client token acting for the key that
 * minted it, or a Try it token acting for its developer with no key at all (apiKey null).
 */
export type SdkCredential = {
  developerId: string;
  developer: KeyOwner;
  environment: KeyEnvironment;
  /** secretVersion: which of the key's secrets was presented (AuthenticatedKey.presentedSecretVersion). */
  apiKey: { id: string; prefix: string; expiresAt: Date | null; secretVersion: number } | null;
  clientToken?: ClientTokenGrant;
};

export function keyCredential(key: AuthenticatedKey): SdkCredential {
  return {
    developerId: key.developerId,
    developer: key.developer,
    environment: key.environment,
    apiKey: { id: key.id, prefix: key.prefix, expiresAt: key.expiresAt, secretVersion: key.presentedSecretVersion },
  };
}

/**
 * Whether the key secret that minted a token still works: the key's current secret, or the one
 * a roll replaced while its grace period lasts (docs/api.md, "Rolling a key").
 */
function mintingSecretAlive(
  token: { keySecretVersion: number },
  key: { secretVersion: number; previousValidUntil: Date | null },
  now: Date,
): boolean {
  if (token.keySecretVersion === key.secretVersion) return true;
  return token.keySecretVersion === key.secretVersion - 1 && !!key.previousValidUntil && key.previousValidUntil > now;
}

/**
 * The page origin of a request. A browser omits Origin on a same-origin GET, and says so in
 * Sec-Fetch-Site: such a request comes from a page of this deployment (APP_URL).
 */
export function requestOrigin(req: Request): string | null {
  const origin = req.headers.get("origin");
  if (origin !== null) return origin;
  if (req.headers.get("sec-fetch-site") === "same-origin") return new URL(env().APP_URL).origin;
  return null;
}

/**
 * Resolves a client token to the developer it acts for (through its minting key, read fresh on
 * every request so the token dies with its key). 401 reasons as for keys, revoked winning over
 * expired. The origin is checked later (assertTokenOrigin), once the request is filed under
 * its account: a refused origin is logged and carries the rate-limit figures.
 */
export async function authenticateClientToken(presented: string, now: Date): Promise<SdkCredential> {
  if (!isWellFormedClientToken(presented)) throw new ApiError("API_KEY_INVALID", "The client token is malformed");
  const token = await db.clientToken.findUnique({
    where: { tokenHash: hashClientToken(presented) },
    include: { apiKey: true },
  });
  if (!token)
    throw new ApiError(
      "API_KEY_INVALID",
      "The client token does not exist (expired tokens are deleted soon after expiry)",
    );
  const owner = await keyOwner((token.apiKey?.developerId ?? token.developerId)!);
  const key = token.apiKey && owner ? { ...token.apiKey, developer: owner } : null;
  if (key?.revokedAt) throw new ApiError("API_KEY_REVOKED", "The API key that minted this client token was revoked");
  if (key?.expiresAt && key.expiresAt <= now)
    throw new ApiError("API_KEY_EXPIRED", "The API key that minted this client token has expired");
  if (key && !mintingSecretAlive(token, key, now))
    throw new ApiError(
      "API_KEY_REVOKED",
      "The key secret that minted this client token was replaced by a roll; mint a new token with the new secret",
    );
  if (token.expiresAt <= now)
    throw new ApiError("API_KEY_EXPIRED", "The client token has expired; mint a new one on your server");
  const grant: ClientTokenGrant = {
    id: token.id,
    purpose: token.purpose,
    maxScans: token.maxScans,
    origins: token.origins,
    reference: { clientReferenceId: token.clientReferenceId, metadata: token.metadata as Reference["metadata"] },
  };
  if (key) return { ...keyCredential({ ...key, presentedSecretVersion: token.keySecretVersion }), clientToken: grant };
  // A Try it token: live inference for its developer, no key (lib/try-it).
  if (!owner) throw new ApiError("API_KEY_INVALID", "The client token does not exist");
  return {
    developerId: owner.id,
    developer: owner,
    environment: "live",
    apiKey: null,
    clientToken: grant,
  };
}

/** 403 FORBIDDEN unless a client token's request comes from one of the token's origins. */
export function assertTokenOrigin(credential: SdkCredential, req: Request): void {
  if (!credential.clientToken) return;
  const origin = requestOrigin(req);
  if (origin === null)
    throw new ApiError(
      "FORBIDDEN",
      "A client token is only accepted from a browser page: the Origin header is missing",
    );
  if (!credential.clientToken.origins.includes(origin))
    throw new ApiError("FORBIDDEN", `This client token is not valid for the origin ${origin.slice(0, 200)}`);
}
