import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { audit } from "@/lib/audit/audit";
import { ApiError } from "@/lib/http/errors";
import { endAllPortalSessions } from "@/lib/auth/portal-session";
import { sendMail } from "@/lib/mail/send-mail";
import { choosePasswordMail } from "@/lib/mail/templates";
import { hashToken, issueEmailToken } from "./email-tokens";
import { mayMailToken } from "./mail-throttle";
import { NO_PASSWORD } from "./password";

export type VerifyResult = { status: "verified" | "already_verified"; message: string };

const ALREADY: VerifyResult = { status: "already_verified", message: "Your e-mail address is already verified" };

const INVALID =
  "This verification link is invalid or has expired; sign up again with the same address to get a new one";

/**
 * Marks the address verified and, unless staff approval is required, activates the account.
 * A token used again within its 24 h answers "already verified" (a second click, a reload),
 * and so does an unused one once the address is verified (an earlier mail's link). Verifying
 * ends every session and ID token the account had: whoever signed in before held only a
 * password, not the mailbox.
 */
export async function verifyEmail(token: string, ip: string, now = new Date()): Promise<VerifyResult> {
  const row = await db.emailToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (row?.purpose !== "verify" || row.expiresAt <= now) throw new ApiError("INVALID_REQUEST", INVALID);
  const needsApproval = env().REQUIRE_APPROVAL;
  const outcome = await db.$transaction(async (tx) => {
    // The account row first, in the order sign-up takes its locks (no deadlock with a replacing
    // sign-up); then claiming the token is the atomic step: of two concurrent clicks only one verifies.
    await tx.$queryRaw`SELECT id FROM "Developer" WHERE id = ${row.developerId}::uuid FOR UPDATE`;
    const claimed = await tx.emailToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
    const dev = await tx.developer.findUniqueOrThrow({
      where: { id: row.developerId },
      select: { status: true, emailVerifiedAt: true, signupContestedAt: true, email: true },
    });
    // A used link of an address still unverified was replaced by a newer sign-up (lib/accounts/sign-up.ts).
    if (claimed.count === 0 && !dev.emailVerifiedAt) throw new ApiError("INVALID_REQUEST", INVALID);
    if (dev.emailVerifiedAt) return { result: ALREADY, mail: null };
    // Verification never lifts a suspension, and approval stays a staff decision.
    const activate = dev.status === "pending" && !needsApproval;
    const contested = dev.signupContestedAt !== null;
    await tx.developer.update({
      where: { id: row.developerId },
      data: {
        emailVerifiedAt: now,
        sessionVersion: { increment: 1 },
        ...(activate ? { status: "active" } : {}),
        // More than one sign-up typed a password for this address: keep none of them.
        ...(contested ? { passwordHash: NO_PASSWORD, signupContestedAt: null } : {}),
      },
    });
    await endAllPortalSessions(tx, row.developerId);
    const choose = contested && (await mayMailToken(tx, row.developerId, "reset", now));
    const mail = choose
      ? choosePasswordMail(dev.email, await issueEmailToken(tx, row.developerId, "reset", now))
      : null;
    await audit(tx, {
      actorId: row.developerId,
      actorType: "developer",
      action: "developer.verify_email",
      targetType: "developer",
      targetId: row.developerId,
      ip,
      details: { activated: activate, ...(contested ? { password_cleared: true } : {}) },
    });
    const message = contested
      ? "Your e-mail address is verified. More than one sign-up used it, so no password typed at sign-up is kept: choose yours with the link we just e-mailed you (or ask for one with Forgot password)"
      : activate || dev.status === "active"
        ? "Your e-mail address is verified; you can sign in and create API keys"
        : dev.status === "suspended"
          ? "Your e-mail address is verified, but the account is suspended; contact support"
          : "Your e-mail address is verified; your account now waits for approval by our staff";
    return { result: { status: "verified", message } as VerifyResult, mail };
  });
  if (outcome.mail) await sendMail(outcome.mail);
  return outcome.result;
}
