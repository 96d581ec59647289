import { z } from "zod";
import { db } from "@/lib/db";
import { audit } from "@/lib/audit/audit";
import { ApiError } from "@/lib/http/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recoveryCodesRenewedMail, twoFactorChangedMail } from "@/lib/mail/security-notices";
import { verifyPassword } from "./password";
import { countAttemptUpFront, forgiveAttempt } from "@/lib/limits/auth-throttle";
import { checkedCode, countCodeAttempt } from "./sign-in-limits";
import { notify } from "@/lib/mail/send-mail";
import { replaceRecoveryCodes, verifySecondFactor } from "./totp";

// What the owner of an account with two-factor sign-in can change about it, each proved by the
// password and a current code (docs/api.md, "Two-factor sign-in"): turn it off, or make new
// recovery codes. A wrong code counts against the account's code budget like one at sign-in.

type Owner = { id: string; email: string; totpEnabledAt: Date | null };

export const ownerProofBody = z.strictObject({
  password: z.string().min(1, "is required").max(1024),
  code: z.string().trim().min(1, "is required").max(32),
});
export type Proof = z.infer<typeof ownerProofBody>;

async function assertOwnerProof(owner: Owner, input: unknown, now: Date): Promise<void> {
  const proof = ownerProofBody.parse(input);
  if (!owner.totpEnabledAt) throw new ApiError("INVALID_REQUEST", "Two-factor sign-in is not on");
  const row = await db.developer.findUniqueOrThrow({ where: { id: owner.id }, select: { passwordHash: true } });
  // A wrong password counts against the address as at sign-in: a stolen session is no free guessing.
  await countAttemptUpFront("login-account", owner.email, now);
  if (!(await verifyPassword(row.passwordHash, proof.password)))
    throw new ApiError("INVALID_CREDENTIALS", "The password is wrong");
  await forgiveAttempt("login-account", owner.email, now);
  const attempt = await countCodeAttempt(owner.id, now);
  const right = await verifySecondFactor(owner.id, proof.code, now);
  await checkedCode(owner, attempt, right, now);
  if (!right) throw new ApiError("INVALID_CREDENTIALS", "The authentication code is wrong or was already used");
}

/** Removes the factor, its recovery codes and the flag, in the caller's transaction. */
export async function removeSecondFactor(tx: Prisma.TransactionClient, developerId: string): Promise<void> {
  await tx.totpFactor.deleteMany({ where: { developerId } });
  await tx.recoveryCode.deleteMany({ where: { developerId } });
  await tx.developer.update({ where: { id: developerId }, data: { totpEnabledAt: null } });
}

/** The owner turns two-factor sign-in off. */
export async function disableTwoFactor(owner: Owner, proof: unknown, ip: string, now = new Date()): Promise<void> {
  await assertOwnerProof(owner, proof, now);
  await db.$transaction(async (tx) => {
    await removeSecondFactor(tx, owner.id);
    await audit(tx, {
      actorId: owner.id,
      actorType: "developer",
      action: "developer.totp_disable",
      targetType: "developer",
      targetId: owner.id,
      ip,
    });
  });
  await notify(twoFactorChangedMail(owner.email, false, false));
}

/** The owner replaces the recovery codes; the new ones are returned, the only time they are shown. */
export async function renewRecoveryCodes(
  owner: Owner,
  proof: unknown,
  ip: string,
  now = new Date(),
): Promise<{ recovery_codes: string[] }> {
  await assertOwnerProof(owner, proof, now);
  const codes = await db.$transaction(async (tx) => {
    const fresh = await replaceRecoveryCodes(tx, owner.id);
    await audit(tx, {
      actorId: owner.id,
      actorType: "developer",
      action: "developer.recovery_codes_renew",
      targetType: "developer",
      targetId: owner.id,
      ip,
    });
    return fresh;
  });
  await notify(recoveryCodesRenewedMail(owner.email));
  return { recovery_codes: codes };
}
