import {
  assertNotBlocked,
  countAttemptUpFront,
  forgiveAttempt,
  recordFailureOrBlock,
  recordAuthSuccess,
  THROTTLE_LIMITS,
  THROTTLE_WINDOW_SECONDS,
} from "@/lib/limits/auth-throttle";
import { notify } from "@/lib/mail/send-mail";
import { codeEntryLockedMail } from "@/lib/mail/security-notices";

// The sign-in brute-force rules (docs/api.md, "Brute-force protection"), for the portal's form
// and POST /developer/login alike. A failure counts against the client IP and against the
// address signed into; a wrong code also against the account's small code budget. A success
// ends only its own account's runs: it gives the IP back just its own attempt, so signing into
// one's own account never clears the failures made against someone else's. A browser that
// signed into the address before (its device cookie) is counted apart from the address, so a
// stranger who blocks the address does not lock the owner out of the portal.

/** Who is signing in: the client IP, the address, and the browser's device id for it, if any. */
export type SignInAttempt = { ip: string; email: string; device?: string | null };

/** The counter an attempt's address-side failures go to: the device's, or the address's. */
const addressSide = (a: SignInAttempt) =>
  a.device ? (["login-device", a.device] as const) : (["login-account", a.email] as const);

/** Counts a sign-in attempt against the IP and the address (or device) before the (slow) password check. */
export async function countSignInAttempt(a: SignInAttempt, now: Date): Promise<void> {
  const [scope, id] = addressSide(a);
  // Two round trips, as one counter took: both blocks read, then both counts written.
  await Promise.all([assertNotBlocked("login", a.ip, now), assertNotBlocked(scope, id, now)]);
  await Promise.all([recordFailureOrBlock("login", a.ip, now), recordFailureOrBlock(scope, id, now)]);
}

/** A right password that still needs its code: not a failure, and not yet a success. */
export async function takeBackSignInAttempt(a: SignInAttempt, now: Date): Promise<void> {
  const [scope, id] = addressSide(a);
  await Promise.all([forgiveAttempt("login", a.ip, now), forgiveAttempt(scope, id, now)]);
}

/** A complete sign-in: the address's (and device's) runs end, a block its own check started too; the IP gets its attempt back. */
export async function recordSignIn(a: SignInAttempt, accountId: string, now: Date): Promise<void> {
  await Promise.all([
    forgiveAttempt("login", a.ip, now),
    recordAuthSuccess("login-account", a.email, now, true),
    a.device ? recordAuthSuccess("login-device", a.device, now, true) : undefined,
    recordAuthSuccess("second-factor", accountId, now, true),
  ]);
}

/**
 * Counts a second-factor code against the account's budget before it is checked: 429 while
 * code entry is locked. The owner is mailed when a wrong code starts the lock (checkedCode).
 */
export async function countCodeAttempt(accountId: string, now: Date): Promise<number> {
  return countAttemptUpFront("second-factor", accountId, now);
}

/** After a code was checked: a right one ends the run; the wrong one that starts the lock mails the owner. */
export async function checkedCode(
  account: { id: string; email: string },
  attempt: number,
  right: boolean,
  now: Date,
): Promise<void> {
  if (right) return recordAuthSuccess("second-factor", account.id, now, true);
  if (attempt !== THROTTLE_LIMITS["second-factor"]) return;
  await notify(codeEntryLockedMail(account.email, THROTTLE_WINDOW_SECONDS / 60));
}

/** A completed password reset proves the mailbox: the address's and the account's blocks end. */
export async function clearAccountBlocks(email: string, accountId: string, now: Date): Promise<void> {
  await Promise.all([
    recordAuthSuccess("login-account", email, now, true),
    recordAuthSuccess("second-factor", accountId, now, true),
  ]);
}
