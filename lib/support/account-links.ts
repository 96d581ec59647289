import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { issueEmailToken } from "@/lib/accounts/email-tokens";
import { mayMailToken } from "@/lib/accounts/mail-throttle";
import { passwordResetMail, verificationMail } from "@/lib/mail/templates";
import { auditStaff, loadTarget, notify, type ActionOutcome, type Staff } from "./target";

// Staff send the developer a fresh verification or password-reset link. The token goes only into
// the mail: staff never see it, and the hourly cap per account and kind still applies.

const KINDS = {
  resend_verification: { purpose: "verify", action: "developer.verification_resent", done: "Verification mail sent" },
  password_reset: { purpose: "reset", action: "developer.password_reset_started", done: "Password reset mail sent" },
} as const;

export async function mailAccountLink(
  staff: Staff,
  body: { developerId: string; action: keyof typeof KINDS; reason: string },
  now = new Date(),
): Promise<ActionOutcome> {
  const kind = KINDS[body.action];
  const { dev, token } = await db.$transaction(async (tx) => {
    const dev = await loadTarget(tx, staff, body.developerId);
    if (kind.purpose === "verify" && dev.emailVerifiedAt)
      throw new ApiError("INVALID_REQUEST", "The e-mail address is already verified");
    if (!(await mayMailToken(tx, dev.id, kind.purpose, now)))
      throw new ApiError(
        "RATE_LIMIT_EXCEEDED",
        "Enough of these mails went to this account in the last hour; try again later",
        3600,
      );
    const token = await issueEmailToken(tx, dev.id, kind.purpose, now);
    await auditStaff(tx, staff, kind.action, { type: "developer", id: dev.id }, { reason: body.reason });
    return { dev, token };
  });
  const mail = kind.purpose === "verify" ? verificationMail(dev.email, token) : passwordResetMail(dev.email, token);
  if (!(await notify(mail)))
    throw new ApiError("UNAVAILABLE", "The mail could not be sent right now; try again in a few minutes");
  return { ok: true, message: `${kind.done} to ${dev.email}.` };
}
