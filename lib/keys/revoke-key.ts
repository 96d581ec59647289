import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { unixSeconds } from "@/lib/time";
import { emitKeyRevoked, KEY_FACTS } from "@/lib/webhooks/key-events";
import { auditKey } from "./audit-key";
import type { MemberActor } from "@/lib/teams/member";
import { isKeyId } from "./key-format";

/**
 * Revokes a key for good. Effective on the next request: key checks read the database on every
 * request. Revoking an already revoked key answers its original revocation time and changes
 * nothing; another developer's key is 404, as if it did not exist.
 */
export async function revokeKey(actor: MemberActor, keyId: string, now = new Date()) {
  const developerId = actor.organizationId;
  if (!isKeyId(keyId)) throw new ApiError("NOT_FOUND", "API key not found");
  return db.$transaction(async (tx) => {
    const claimed = await tx.apiKey.updateMany({
      where: { id: keyId, developerId, revokedAt: null },
      data: { revokedAt: now },
    });
    const row = await tx.apiKey.findFirst({
      where: { id: keyId, developerId },
      select: { ...KEY_FACTS, revokedAt: true },
    });
    if (!row?.revokedAt) throw new ApiError("NOT_FOUND", "API key not found");
    if (claimed.count === 1) {
      await auditKey(tx, "api_key.revoke", keyId, actor, { prefix: row.prefix });
      await emitKeyRevoked(tx, row, row.revokedAt, "developer");
    }
    return { id: row.id, revoked: true as const, revoked_at: unixSeconds(row.revokedAt) };
  });
}
