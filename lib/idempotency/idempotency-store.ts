import { db } from "@/lib/db";
import { openSecret, sealSecret } from "@/lib/secret-box";

// The answers kept for Idempotency-Key (docs/api.md, "Safe retries"): one row per credential
// and key, claimed by the first request, completed with its answer, replayed for 24 h.

/** How long a first answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** A claim this old whose request never finished (its process died) may be taken over. */
export const ABANDONED_CLAIM_MS = 60 * 1000;
const SEAL_LABEL = "idempotent-answer";

export type StoredAnswer = { status: number; headers: Record<string, string>; body: string };
export type KeptRequest = { requestHash: string; answer: StoredAnswer | null };
type Slot = { scope: string; key: string };

/**
 * Claims the key for this request: true when it is this request's to run (a new key, or a row
 * past its 24 h, or a claim abandoned for ABANDONED_CLAIM_MS); false when another request holds it.
 */
export async function claim({ scope, key }: Slot, requestHash: string, now: Date): Promise<boolean> {
  const expired = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  const abandoned = new Date(now.getTime() - ABANDONED_CLAIM_MS);
  const rows = await db.$queryRaw<unknown[]>`
    INSERT INTO "IdempotentRequest" (scope, key, "requestHash", "createdAt")
    VALUES (${scope}, ${key}, ${requestHash}, ${now})
    ON CONFLICT (scope, key) DO UPDATE SET
      "requestHash" = EXCLUDED."requestHash", status = NULL, headers = NULL, body = NULL, "createdAt" = EXCLUDED."createdAt"
    WHERE "IdempotentRequest"."createdAt" < ${expired}
       OR ("IdempotentRequest".status IS NULL AND "IdempotentRequest"."createdAt" < ${abandoned})
    RETURNING 1`;
  return rows.length === 1;
}

/** The row another request claimed: its body's hash and, once it finished, its answer. */
export async function kept({ scope, key }: Slot, now: Date): Promise<KeptRequest | null> {
  const row = await db.idempotentRequest.findUnique({ where: { scope_key: { scope, key } } });
  if (!row || row.createdAt.getTime() < now.getTime() - IDEMPOTENCY_TTL_MS) return null;
  if (row.status === null || row.body === null) return { requestHash: row.requestHash, answer: null };
  const body = openSecret(SEAL_LABEL, row.body);
  if (body === null) {
    // Sealed under another secret (NEXTAUTH_SECRET changed): no answer to replay, so the key
    // is free again (the next claim takes it).
    await db.idempotentRequest.deleteMany({ where: { scope, key, status: row.status } });
    return null;
  }
  return {
    requestHash: row.requestHash,
    answer: { status: row.status, headers: row.headers as Record<string, string>, body },
  };
}

/** Keeps the claimed request's answer. */
export async function complete({ scope, key }: Slot, answer: StoredAnswer): Promise<void> {
  await db.idempotentRequest.update({
    where: { scope_key: { scope, key } },
    data: { status: answer.status, headers: answer.headers, body: sealSecret(SEAL_LABEL, answer.body) },
  });
}

/** Gives the key back (the request failed, nothing kept): a retry runs anew. */
export async function release({ scope, key }: Slot): Promise<void> {
  await db.idempotentRequest.deleteMany({ where: { scope, key, status: null } });
}

/** The sweeper's part: rows past their 24 h. */
export async function pruneIdempotentRequests(now: Date): Promise<void> {
  await db.idempotentRequest.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_TTL_MS) } } });
}
