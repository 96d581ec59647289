import { db } from "@/lib/db";
import { audit } from "@/lib/audit/audit";
import { ApiError } from "@/lib/http/errors";
import { countAttemptUpFront, recordAuthSuccess } from "@/lib/limits/auth-throttle";
import { verifyPassword } from "./password";
import { verifySecondFactor } from "./totp";
import type { LoginInput } from "./schemas";
import type { DeveloperAccount } from "./developer-account";

const INVALID = "The e-mail address or password is wrong";
const INVALID_CODE = "The authentication code is wrong or was already used";

/**
 * Checks an e-mail and password, for the login endpoint and the portal's sign-in alike.
 * Unknown address and wrong password take one code path (a dummy argon2 verify stands in for
 * the missing hash) and give the same error. Pending and suspended accounts can still sign
 * in, so they can see why they are gated. Brute force: the "login" throttle, per client IP.
 * With two-factor sign-in on, a right password without a code is 401 TOTP_REQUIRED, and a
 * wrong code counts as a failed attempt like a wrong password. Each attempt is counted before
 * the (slow) hash check, so parallel attempts cannot all slip past the 10-failure block; a
 * success then ends the run. A right password without its code stays counted: the next step
 * needs the code, and uncounting it would let code guesses run on without a block.
 */
export async function authenticatePassword(input: LoginInput, ip: string, now = new Date()): Promise<DeveloperAccount> {
  await countAttemptUpFront("login", ip, now);
  const found = await db.developer.findUnique({ where: { email: input.email } });
  const ok = await verifyPassword(found?.passwordHash, input.password);
  if (ok && found?.totpEnabledAt && !input.totp) {
    throw new ApiError(
      "TOTP_REQUIRED",
      "This account uses two-factor sign-in: send the authenticator code (or a recovery code) as `totp`",
    );
  }
  const secondFactorOk = !found?.totpEnabledAt || (ok && (await verifySecondFactor(found.id, input.totp ?? "", now)));
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
  // A success ends the run, and any block in it: no block ran when this attempt arrived, so one
  // now was started by attempts counted while its password was checked (docs/api.md).
  await recordAuthSuccess("login", ip, now, true);
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
  return account;
}
