import { db } from "@/lib/db";
import { audit } from "@/lib/audit/audit";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/logger";
import { sendMail } from "@/lib/mail/send-mail";
import { passwordResetMail } from "@/lib/mail/templates";
import { hashPassword } from "./password";
import { assertPasswordAllowed } from "./password-policy";
import { hashToken, issueEmailToken } from "./email-tokens";
import { mayMailToken } from "./mail-throttle";
import { endAllPortalSessions } from "@/lib/auth/portal-session";
import { clearAccountBlocks } from "./sign-in-limits";

/**
 * "Forgot password" for an address parsed by forgotPasswordBody: returns at once; the lookup, the token and the
 * mail happen after, detached (failures are logged). So neither the API's 202 nor the portal's
 * answer, nor their timing, nor a mail server being down, tells whether the address has an
 * account. (The API answers 202 to a body with no valid address too, without calling this:
 * docs/api.md.)
 */
export async function requestPasswordReset(email: string, ip: string, now = new Date()): Promise<void> {
  mailPasswordReset(email, ip, now).catch((err) =>
    logger.error("password reset mail failed", { error: err instanceof Error ? err.message : String(err) }),
  );
}

/** The work behind requestPasswordReset: a reset link when the address has an account (within the mail cap). */
export async function mailPasswordReset(email: string, ip: string, now = new Date()): Promise<void> {
  const token = await db.$transaction(async (tx) => {
    const dev = await tx.developer.findUnique({ where: { email }, select: { id: true } });
    if (!dev) return null;
    const mayMail = await mayMailToken(tx, dev.id, "reset", now);
    await audit(tx, {
      actorId: null,
      actorType: "anonymous",
      action: "developer.password_reset_requested",
      targetType: "developer",
      targetId: dev.id,
      ip,
      details: { mailed: mayMail },
    });
    return mayMail ? issueEmailToken(tx, dev.id, "reset", now) : null;
  });
  if (token) await sendMail(passwordResetMail(email, token));
}

const INVALID = "This password reset link is invalid, expired or already used; request a new one";

/**
 * Sets a new password with a single-use, 1 h reset token. Bumping sessionVersion ends every
 * ID token and portal session issued before, and the other open reset links die with it.
 * The token and password come parsed by resetPasswordBody.
 */
export async function resetPassword(token: string, password: string, ip: string, now = new Date()): Promise<void> {
  assertPasswordAllowed(password);
  // A cheap look first, so a bad token never costs an argon2 hash; the claim below decides.
  const candidate = await db.emailToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { purpose: true, usedAt: true, expiresAt: true },
  });
  if (candidate?.purpose !== "reset" || candidate.usedAt || candidate.expiresAt <= now)
    throw new ApiError("INVALID_REQUEST", INVALID);
  const passwordHash = await hashPassword(password);
  const account = await db.$transaction(async (tx) => {
    const row = await tx.emailToken.findUnique({ where: { tokenHash: hashToken(token) } });
    if (row?.purpose !== "reset") throw new ApiError("INVALID_REQUEST", INVALID);
    const claimed = await tx.emailToken.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count === 0) throw new ApiError("INVALID_REQUEST", INVALID);
    const dev = await tx.developer.update({
      where: { id: row.developerId },
      data: { passwordHash, sessionVersion: { increment: 1 } },
      select: { email: true },
    });
    await endAllPortalSessions(tx, row.developerId);
    await tx.emailToken.updateMany({
      where: { developerId: row.developerId, purpose: "reset", usedAt: null },
      data: { usedAt: now },
    });
    await audit(tx, {
      actorId: row.developerId,
      actorType: "developer",
      action: "developer.password_reset",
      targetType: "developer",
      targetId: row.developerId,
      ip,
    });
    return { email: dev.email, id: row.developerId };
  });
  // The mailbox is proved: blocks on the address and on its codes end (docs/api.md, "Brute-force protection").
  await clearAccountBlocks(account.email, account.id, now);
}
