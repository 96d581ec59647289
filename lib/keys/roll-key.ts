import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { unixSeconds } from "@/lib/time";
import { GRACE_PERIODS, type RollKeyInput } from "@/lib/accounts/schemas";
import { auditKey } from "./audit-key";
import type { MemberActor } from "@/lib/teams/member";
import { keyOwner } from "@/lib/teams/key-owner";
import { generateApiKey, isKeyId } from "./key-format";

export type RolledKey = {
  id: string;
  name: string;
  environment: "test" | "live";
  prefix: string;
  key: string;
  previous_prefix: string;
  previous_valid_until: number | null;
};

/**
 * Gives an active key a new secret (returned here, the only time it is shown) and keeps the
 * replaced one working for the chosen grace period, so a deployment can switch without
 * downtime. The key keeps its id, name, sessions and expiry. A roll during a grace period ends
 * the older secret at once: only one previous secret is ever valid. Client tokens live as long
 * as the secret that minted them (secretVersion): "none" ends them now, a grace when it ends.
 */
export async function rollKey(
  actor: MemberActor,
  keyId: string,
  input: RollKeyInput,
  now = new Date(),
): Promise<RolledKey> {
  const developerId = actor.organizationId;
  const { grace_period } = input;
  if (!isKeyId(keyId)) throw new ApiError("NOT_FOUND", "API key not found");
  return db.$transaction(async (tx) => {
    const [old] = await tx.$queryRaw<
      {
        keyHash: string;
        prefix: string;
        environment: "test" | "live";
        revokedAt: Date | null;
        expiresAt: Date | null;
      }[]
    >`
      SELECT "keyHash", prefix, environment, "revokedAt", "expiresAt" FROM "ApiKey"
      WHERE id = ${keyId}::uuid AND "developerId" = ${developerId}::uuid FOR UPDATE`;
    if (!old) throw new ApiError("NOT_FOUND", "API key not found");
    if (old.revokedAt || (old.expiresAt && old.expiresAt <= now)) {
      throw new ApiError("INVALID_REQUEST", "Only an active key can be rolled; this one is revoked or expired");
    }
    const fresh = generateApiKey(old.environment);
    const graceSeconds = GRACE_PERIODS[grace_period];
    const validUntil = graceSeconds > 0 ? new Date(now.getTime() + graceSeconds * 1000) : null;
    const row = await tx.apiKey.update({
      where: { id: keyId },
      data: {
        keyHash: fresh.keyHash,
        prefix: fresh.prefix,
        previousKeyHash: validUntil ? old.keyHash : null,
        previousPrefix: old.prefix,
        previousValidUntil: validUntil,
        secretVersion: { increment: 1 },
      },
    });
    await auditKey(tx, "api_key.roll", keyId, actor, {
      old_prefix: old.prefix,
      new_prefix: fresh.prefix,
      grace_seconds: graceSeconds,
      old_valid_until: validUntil ? unixSeconds(validUntil) : null,
    });
    return {
      id: row.id,
      name: row.name,
      environment: row.environment,
      prefix: row.prefix,
      key: fresh.key,
      previous_prefix: old.prefix,
      previous_valid_until: validUntil ? unixSeconds(validUntil) : null,
    };
  });
}

/**
 * The key whose replaced secret this is, while its grace period lasts; after it, the secret is
 * unknown (401 API_KEY_INVALID). Only asked when the presented secret matches no current key.
 */
export async function findRolledKey(keyHash: string, now: Date) {
  const key = await db.apiKey.findUnique({ where: { previousKeyHash: keyHash } });
  if (!key?.previousValidUntil || key.previousValidUntil <= now) return null;
  const owner = await keyOwner(key.developerId);
  return owner ? { ...key, developer: owner } : null;
}

/** Clears replaced secrets whose grace period is over, with an audit row each (run by the sweeper). */
export async function retireRolledSecrets(now = new Date()): Promise<number> {
  const due = await db.apiKey.findMany({
    where: { previousValidUntil: { lte: now } },
    select: { id: true, developerId: true, previousPrefix: true },
  });
  for (const key of due) {
    await db.$transaction(async (tx) => {
      const cleared = await tx.apiKey.updateMany({
        where: { id: key.id, previousValidUntil: { lte: now } },
        data: { previousKeyHash: null, previousValidUntil: null },
      });
      if (cleared.count === 1)
        await auditKey(
          tx,
          "api_key.roll_grace_end",
          key.id,
          { system: true, organizationId: key.developerId },
          { old_prefix: key.previousPrefix },
        );
    });
  }
  return due.length;
}
