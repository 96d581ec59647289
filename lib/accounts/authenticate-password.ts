import { db } from "@/lib/db";
import { audit } from "@/lib/audit/audit";
import { ApiError } from "@/lib/http/errors";
import { verifyPassword } from "./password";
import { verifySecondFactor } from "./totp";
import type { LoginInput } from "./schemas";
import type { DeveloperAccount } from "./developer-account";
import { deviceOf, hasDeviceCookie } from "@/lib/auth/device-cookie";
import {
  checkedCode,
  countCodeAttempt,
  countSignInAttempt,
  recordSignIn,
  takeBackSignInAttempt,
} from "./sign-in-limits";

const INVALID = "The e-mail address or password is wrong";
const INVALID_CODE = "The authentication code is wrong or was already used";

export type SignedIn = { account: DeveloperAccount; secondFactor: boolean };

const findAccount = (email: string) => db.developer.findUnique({ where: { email } });

/**
 * Checks an e-mail and password, for the login endpoint and the portal's sign-in alike.
 * Unknown address and wrong password take one code path (a dummy argon2 verify stands in for
 * the missing hash) and give the same error. Pending and suspended accounts can still sign
 * in, so they can see why they are gated. Brute force: ./sign-in-limits.ts (a portal
 * browser's device cookie for the account, lib/auth/device-cookie.ts, in `cookieHeader`), each attempt
 * counted before the (slow) hash check so parallel attempts cannot slip past a block. With
 * two-factor sign-in on, a right password without a code is 401 TOTP_REQUIRED; a code is
 * checked only after a right password, against the account's own code budget.
 */
export async function authenticatePassword(
  input: LoginInput,
  ip: string,
  now = new Date(),
  cookieHeader: string | null = null,
): Promise<SignedIn> {
  // A device cookie counts only for the verified account it names, at its current session
  // version: with one, the account is read first; without, the attempt is counted first.
  const withCookie = hasDeviceCookie(cookieHeader);
  let found = withCookie ? await findAccount(input.email) : null;
  const device = found?.emailVerifiedAt ? deviceOf(cookieHeader, found, now) : null;
  const attempt = { ip, email: input.email, device };
  await countSignInAttempt(attempt, now);
  if (!withCookie) found = await findAccount(input.email);
  const ok = await verifyPassword(found?.passwordHash, input.password);
  if (ok && found?.totpEnabledAt && !input.totp) {
    await takeBackSignInAttempt(attempt, now);
    throw new ApiError(
      "TOTP_REQUIRED",
      "This account uses two-factor sign-in: send the authenticator code (or a recovery code) as `totp`",
    );
  }
  let secondFactorOk = !found?.totpEnabledAt;
  if (ok && found?.totpEnabledAt) {
    const codeAttempt = await countCodeAttempt(found.id, now);
    secondFactorOk = await verifySecondFactor(found.id, input.totp ?? "", now);
    await checkedCode(found, codeAttempt, secondFactorOk, now);
  }
  if (!found || !ok || !secondFactorOk) {
    await db.$transaction((tx) =>
      audit(tx, {
        actorId: null,
        actorType: "anonymous",
        action: "developer.login_failed",
        // The attempted address is not stored: people type passwords into the wrong field.
        ...(found ? { targetType: "developer", targetId: found.id } : {}),
        ip,
      }),
    );
    throw new ApiError("INVALID_CREDENTIALS", ok ? INVALID_CODE : INVALID);
  }
  await recordSignIn(attempt, found.id, now);
  await db.$transaction((tx) =>
    audit(tx, {
      actorId: found.id,
      actorType: "developer",
      action: "developer.login",
      targetType: "developer",
      targetId: found.id,
      ip,
    }),
  );
  const { passwordHash: _omitted, ...account } = found;
  return { account, secondFactor: !!found.totpEnabledAt };
}
