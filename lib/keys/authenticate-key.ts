import { db } from "@/lib/db";
import type { ApiKey } from "@/lib/generated/prisma/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { KEY_OWNER_COLUMNS, type KeyOwner } from "@/lib/teams/key-owner";
import { ApiError } from "@/lib/http/errors";
import { assertKeyUsable, keyTouchDue } from "@/lib/sdk-access/rules";
import { TOUCH_KEY_SQL, touchKeyValues } from "@/lib/sdk-access/sql";
import { hashApiKey, isWellFormedApiKey } from "./key-format";
import { findRolledKey } from "./roll-key";

/**
 * A key row with its developer, and which of its secrets was presented: its current one
 * (secretVersion) or, in a roll's grace period, the replaced one (secretVersion - 1).
 */
export type AuthenticatedKey = ApiKey & { developer: KeyOwner; presentedSecretVersion: number };

// The key's own columns, named apart from the developer's (d.*) in the one joined row.
const KEY_COLUMNS = [
  "id",
  "developerId",
  "createdById",
  "name",
  "environment",
  "keyHash",
  "prefix",
  "createdAt",
  "expiresAt",
  "revokedAt",
  "lastUsedAt",
  "previousValidUntil",
  "secretVersion",
] as const;

/**
 * The presented key's row with its developer, read in one statement on every request (no cache:
 * a revocation or a suspension takes effect on the very next request, on every instance).
 * null when the key is absent, malformed (no database work then) or unknown.
 */
export async function findApiKey(presented: string, now = new Date()): Promise<AuthenticatedKey | null> {
  if (!presented || !isWellFormedApiKey(presented)) return null;
  const keyHash = hashApiKey(presented);
  const rows = await db.$queryRaw<Record<string, unknown>[]>`
    SELECT ${Prisma.raw(KEY_OWNER_COLUMNS)}, k.id AS "k.id", k."developerId" AS "k.developerId", k."createdById" AS "k.createdById", k.name AS "k.name", k.environment::text AS "k.environment",
           k."keyHash" AS "k.keyHash", k.prefix AS "k.prefix", k."createdAt" AS "k.createdAt", k."expiresAt" AS "k.expiresAt",
           k."revokedAt" AS "k.revokedAt", k."lastUsedAt" AS "k.lastUsedAt",
           k."previousValidUntil" AS "k.previousValidUntil", k."secretVersion" AS "k.secretVersion"
    FROM "ApiKey" k JOIN "Organization" o ON o.id = k."developerId" LEFT JOIN "Developer" a ON a.id = o.id
    WHERE k."keyHash" = ${keyHash}`;
  // A miss may be a rolled key's replaced secret, still inside its grace period.
  if (rows.length === 0) {
    const rolled = await findRolledKey(keyHash, now);
    return rolled && { ...rolled, presentedSecretVersion: rolled.secretVersion - 1 };
  }
  const developer = { ...rows[0] };
  const key: Record<string, unknown> = {};
  for (const column of KEY_COLUMNS) {
    key[column] = developer[`k.${column}`];
    delete developer[`k.${column}`];
  }
  const row = key as ApiKey;
  return { ...row, developer: developer as unknown as KeyOwner, presentedSecretVersion: row.secretVersion };
}

/**
 * Turns a lookup into the authenticated key, or throws 401 with the exact reason
 * (lib/sdk-access/rules.ts: revoked wins over expired).
 */
export async function checkApiKey(
  presented: string,
  key: AuthenticatedKey | null,
  now = new Date(),
): Promise<AuthenticatedKey> {
  if (!presented)
    throw new ApiError("API_KEY_INVALID", "An API key is required (X-API-Key header or Authorization: Bearer)");
  if (!isWellFormedApiKey(presented)) throw new ApiError("API_KEY_INVALID", "The API key is malformed");
  if (!key) throw new ApiError("API_KEY_INVALID", "The API key does not exist");
  assertKeyUsable({ revoked: key.revokedAt !== null, expired: key.expiresAt !== null && key.expiresAt <= now });
  // Conditional, so concurrent requests write once; a failure here must not fail the request.
  if (keyTouchDue(key.lastUsedAt, now))
    await db.$executeRawUnsafe(TOUCH_KEY_SQL, ...touchKeyValues(key.id, now)).catch(() => undefined);
  return key;
}

/** Resolves a presented key to its row and developer, or throws 401 with the exact reason. */
export async function authenticateApiKey(presented: string, now = new Date()): Promise<AuthenticatedKey> {
  return checkApiKey(presented, await findApiKey(presented, now), now);
}
