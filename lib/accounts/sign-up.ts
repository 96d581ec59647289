import { db } from "@/lib/db";
import { audit } from "@/lib/audit/audit";
import { sendMail, type Mail } from "@/lib/mail/send-mail";
import type { Prisma } from "@/lib/generated/prisma/client";
import { signupAttemptMail, verificationMail } from "@/lib/mail/templates";
import { hashPassword } from "./password";
import { assertPasswordAllowed } from "./password-policy";
import type { SignupInput } from "./schemas";
import { issueEmailToken } from "./email-tokens";
import { isUniqueViolation } from "./developer-account";
import { mayMailSignupAttempt, mayMailToken } from "./mail-throttle";
import { reserveSignupAttempt } from "./signup-throttle";
import { removeSecondFactor } from "./two-factor-settings";

export type SignUpResult = { email: string; status: "pending"; message: string };

const MESSAGE = "Check your inbox: we sent a link to verify your e-mail address. It is valid for 24 hours.";

/**
 * Registers a developer, or, for an address that already has an account, answers exactly the
 * same (no account enumeration) and mails the owner instead. Both paths hash the password, run
 * one transaction of a few statements with one audit row, and send one mail, so they also take
 * about the same time. A sign-up for an address not yet verified replaces the earlier attempt
 * (see restartUnverified): an account belongs to whoever reads the mailbox.
 */
export async function signUp(input: SignupInput, ip: string, now = new Date()): Promise<SignUpResult> {
  const { email, password, name, company } = input;
  assertPasswordAllowed(password);
  await reserveSignupAttempt(ip, now);
  const passwordHash = await hashPassword(password);
  const data = { email, name, company: company ?? null, passwordHash };
  let mail: Mail | null;
  try {
    mail = await db.$transaction((tx) => createOrNotice(tx, data, ip, now));
  } catch (err) {
    // A concurrent sign-up took the address between our lookup and insert.
    if (!isUniqueViolation(err)) throw err;
    mail = await db.$transaction((tx) => createOrNotice(tx, data, ip, now));
  }
  if (mail) await sendMail(mail);
  return { email, status: "pending", message: MESSAGE };
}

type NewDeveloper = { email: string; name: string; company: string | null; passwordHash: string };

async function createOrNotice(
  tx: Prisma.TransactionClient,
  data: NewDeveloper,
  ip: string,
  now: Date,
): Promise<Mail | null> {
  // Locked, so a verification committing meanwhile cannot be overwritten (verifyEmail locks it too).
  const [existing] = await tx.$queryRaw<{ id: string; verified: boolean; status: string }[]>`
    SELECT id, "emailVerifiedAt" IS NOT NULL AS verified, status::text AS status
    FROM "Developer" WHERE email = ${data.email} FOR UPDATE`;
  if (existing && (existing.verified || existing.status !== "pending"))
    return noticeExisting(tx, existing, data.email, ip, now);
  if (existing) return restartUnverified(tx, existing.id, data, ip, now);
  const dev = await tx.developer.create({ data: { ...data, status: "pending" }, select: { id: true } });
  const token = await issueEmailToken(tx, dev.id, "verify", now);
  await audit(tx, {
    actorId: dev.id,
    actorType: "developer",
    action: "developer.signup",
    targetType: "developer",
    targetId: dev.id,
    ip,
  });
  return verificationMail(data.email, token);
}

// An account a sign-up must not replace: a verified owner is told that someone tried to sign up
// with the address; an unverified one that is no longer pending (made active or suspended by an
// operator) gets a fresh verification link. Both within the hourly mail cap of ./mail-throttle.
async function noticeExisting(
  tx: Prisma.TransactionClient,
  dev: { id: string; verified: boolean },
  email: string,
  ip: string,
  now: Date,
): Promise<Mail | null> {
  const mayMail = dev.verified
    ? await mayMailSignupAttempt(tx, dev.id, now)
    : await mayMailToken(tx, dev.id, "verify", now);
  await audit(tx, {
    actorId: null,
    actorType: "anonymous",
    action: "developer.signup_existing",
    targetType: "developer",
    targetId: dev.id,
    ip,
    details: { mailed: mayMail },
  });
  if (!mayMail) return null;
  return dev.verified
    ? signupAttemptMail(email)
    : verificationMail(email, await issueEmailToken(tx, dev.id, "verify", now));
}

/**
 * An address not yet verified, of a pending account: this sign-up replaces the earlier one. Its
 * name and company take the old ones' place; the old links, sessions, ID tokens and any second
 * factor end, and only a link from the newest mail can verify (within the hourly mail cap of
 * ./mail-throttle). The address is now contested: whichever sign-up's link is followed, the
 * verification keeps no password typed at a sign-up, and the mailbox's holder chooses one
 * (./verify-email.ts). So neither sign-up's author ends up holding the account unless they read
 * the mailbox.
 */
async function restartUnverified(
  tx: Prisma.TransactionClient,
  developerId: string,
  data: NewDeveloper,
  ip: string,
  now: Date,
): Promise<Mail | null> {
  await tx.developer.update({
    where: { id: developerId },
    data: {
      name: data.name,
      company: data.company,
      passwordHash: data.passwordHash,
      sessionVersion: { increment: 1 },
      signupContestedAt: now,
    },
  });
  await tx.emailToken.updateMany({ where: { developerId, usedAt: null }, data: { usedAt: now } });
  await tx.portalSession.deleteMany({ where: { developerId } });
  await removeSecondFactor(tx, developerId);
  const mayMail = await mayMailToken(tx, developerId, "verify", now);
  await audit(tx, {
    actorId: null,
    actorType: "anonymous",
    action: "developer.signup_existing",
    targetType: "developer",
    targetId: developerId,
    ip,
    details: { mailed: mayMail, replaced: true },
  });
  return mayMail ? verificationMail(data.email, await issueEmailToken(tx, developerId, "verify", now)) : null;
}
