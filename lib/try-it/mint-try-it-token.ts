import type { MemberActor } from "@/lib/teams/member";
import { keyOwner } from "@/lib/teams/key-owner";
import { assertDeveloperActive } from "@/lib/accounts/account-gate";
import { ApiError } from "@/lib/http/errors";
import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { generateClientToken } from "@/lib/keys/client-token-format";
import { tryItLimitError } from "./try-it-day";
import { tryItAllowance, type TryItAllowance } from "./try-it-usage";
import { unixSeconds } from "@/lib/time";

// Long enough for the face model to load and a capture to run before the session starts.
export const TRY_IT_TOKEN_TTL_SECONDS = 600;

export type TryItToken = { token: string; expires_at: number; allowance: TryItAllowance };

/**
 * A client token for one scan from the portal's Try it page, minted for the signed-in
 * developer (no API key involved): valid on this deployment's own origin only, live inference,
 * the day's Try it scans instead of the monthly quota. The cap is enforced exactly when the
 * session starts (insertTryItSession); checking it here too spares a capture that would be
 * refused at the end.
 */
export async function mintTryItToken(actor: MemberActor, now = new Date()): Promise<TryItToken> {
  // The organization's gate, as its keys have (a personal one follows its account's status).
  const owner = await keyOwner(actor.organizationId);
  if (!owner) throw new ApiError("NOT_FOUND", "Organization not found");
  assertDeveloperActive(owner);
  const allowance = await tryItAllowance(actor.organizationId, now);
  if (allowance.remaining === 0) throw tryItLimitError(now);
  const expiresAt = new Date(now.getTime() + TRY_IT_TOKEN_TTL_SECONDS * 1000);
  const { token, tokenHash } = generateClientToken("live");
  await db.$transaction(async (tx) => {
    const row = await tx.clientToken.create({
      data: {
        purpose: "try_it",
        developerId: actor.organizationId,
        tokenHash,
        origins: [new URL(env().APP_URL).origin],
        maxScans: 1,
        expiresAt,
        createdAt: now,
      },
    });
    await audit(tx, {
      actorId: actor.accountId,
      organizationId: actor.organizationId,
      actorType: "developer",
      action: "try_it.token_mint",
      targetType: "client_token",
      targetId: row.id,
      ip: actor.ip,
    });
  });
  return { token, expires_at: unixSeconds(expiresAt), allowance };
}
