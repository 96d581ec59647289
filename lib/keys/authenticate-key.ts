import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { hashApiKey, isWellFormedApiKey } from "./key-format";

// last_used_at is refreshed at most this often, so a busy key does not write on every request.
const LAST_USED_RESOLUTION_MS = 60_000;

export type AuthenticatedKey = NonNullable<Awaited<ReturnType<typeof findKey>>>;

function findKey(keyHash: string) {
  return db.apiKey.findUnique({ where: { keyHash }, include: { developer: true } });
}

/**
 * Resolves a presented key to its row and developer, or throws 401 with the exact reason.
 * The format is checked before any database work. Revoked wins over expired.
 */
export async function authenticateApiKey(presented: string, now = new Date()): Promise<AuthenticatedKey> {
  if (!presented) throw new ApiError("API_KEY_INVALID", "An API key is required (X-API-Key header or Authorization: Bearer)");
  if (!isWellFormedApiKey(presented)) throw new ApiError("API_KEY_INVALID", "The API key is malformed");
  const key = await findKey(hashApiKey(presented));
  if (!key) throw new ApiError("API_KEY_INVALID", "The API key does not exist");
  if (key.revokedAt) throw new ApiError("API_KEY_REVOKED", "The API key was revoked");
  if (key.expiresAt && key.expiresAt <= now) throw new ApiError("API_KEY_EXPIRED", "The API key has expired");
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    // Conditional, so concurrent requests write once; a failure here must not fail the request.
    await db.apiKey
      .updateMany({ where: { id: key.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: stale } }] }, data: { lastUsedAt: now } })
      .catch(() => undefined);
  }
  return key;
}
