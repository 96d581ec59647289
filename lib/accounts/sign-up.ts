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

export type SignUpResult = { email: string; status: "pending"; message: string };

const MESSAGE = "Check your inbox: we sent a link to verify your e-mail address. It is valid for 24 hours.";

/**
 * Registers a developer, or, for an address that already has an account, answers exactly the
 * same (no account enumeration) and mails the owner instead. Both paths hash the password, run
 * one transaction of a few statements with one audit row, and send one mail, so they also take
 * about the same time.
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
  const existing = await tx.developer.findUnique({
    where: { email: data.email },
    select: { id: true, name: true, emailVerifiedAt: true },
  });
  if (existing) return noticeExisting(tx, existing, data.email, ip, now);
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
  return verificationMail(data.email, data.name, token);
}

// An unverified owner gets a fresh verification link (they probably lost the first mail);
// a verified one is told that someone tried to sign up with the address. Both within the
// hourly mail cap of ./mail-throttle.
async function noticeExisting(
  tx: Prisma.TransactionClient,
  dev: { id: string; name: string; emailVerifiedAt: Date | null },
  email: string,
  ip: string,
  now: Date,
): Promise<Mail | null> {
  const mayMail = dev.emailVerifiedAt
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
  if (dev.emailVerifiedAt) return signupAttemptMail(email);
  return verificationMail(email, dev.name, await issueEmailToken(tx, dev.id, "verify", now));
}
