import { db } from "@/lib/db";
import type { ApiKey } from "@/lib/generated/prisma/client";
import { unixSeconds } from "@/lib/time";
import { emitEvent } from "./emit";

// key.revoked and key.expiring (docs/webhooks.md): the key's id, name and prefix, never its value.

type KeyFacts = Pick<ApiKey, "id" | "developerId" | "name" | "prefix" | "environment">;
type Writer = Parameters<typeof emitEvent>[0];

export const KEY_FACTS = { id: true, developerId: true, name: true, prefix: true, environment: true } as const;

const keyData = (key: KeyFacts) => ({ key_id: key.id, name: key.name, prefix: key.prefix });

/** Queued in the revoking transaction; `by` says whether the owner or support staff revoked it. */
export function emitKeyRevoked(tx: Writer, key: KeyFacts, revokedAt: Date, by: "developer" | "staff") {
  return emitEvent(tx, {
    developerId: key.developerId,
    environment: key.environment,
    type: "key.revoked",
    data: { ...keyData(key), revoked_at: unixSeconds(revokedAt), revoked_by: by },
  });
}

const EXPIRING_WITHIN_MS = 7 * 86_400_000;

/**
 * For the sweeper: one key.expiring per key that expires within 7 days, claimed by a
 * conditional write so instances sweeping together queue it once.
 */
export async function emitKeysExpiring(now: Date): Promise<number> {
  const due = await db.apiKey.findMany({
    where: {
      revokedAt: null,
      expiryNoticeAt: null,
      expiresAt: { gt: now, lte: new Date(now.getTime() + EXPIRING_WITHIN_MS) },
    },
    select: { ...KEY_FACTS, expiresAt: true },
    take: 500,
  });
  let queued = 0;
  for (const key of due) {
    await db.$transaction(async (tx) => {
      const claimed = await tx.apiKey.updateMany({
        where: { id: key.id, expiryNoticeAt: null },
        data: { expiryNoticeAt: now },
      });
      if (claimed.count !== 1) return;
      queued++;
      await emitEvent(tx, {
        developerId: key.developerId,
        environment: key.environment,
        type: "key.expiring",
        data: { ...keyData(key), expires_at: unixSeconds(key.expiresAt!) },
      });
    });
  }
  return queued;
}
