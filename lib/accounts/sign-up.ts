import { db } from "@/lib/db";
import { audit } from "@/lib/audit/audit";
import { sendMail } from "@/lib/mail/send-mail";
import { signupAttemptMail, verificationMail } from "@/lib/mail/templates";
import { hashPassword } from "./password";
import { assertPasswordAllowed } from "./password-policy";
import { signupBody, type SignupInput } from "./schemas";
import { issueEmailToken } from "./email-tokens";
import { isUniqueViolation } from "./developer-account";

export type SignUpResult = { email: string; status: "pending"; message: string };

const MESSAGE = "Check your inbox: we sent a link to verify your e-mail address. It is valid for 24 hours.";

/**
 * Registers a developer, or, for an address that already has an account, answers exactly the
 * same (no account enumeration) and mails the owner instead. Both paths hash the password,
 * write one audit row and send one mail, so they also take about the same time.
 */
export async function signUp(input: SignupInput, ip: string, now = new Date()): Promise<SignUpResult> {
  const { email, password, name, company } = signupBody.parse(input);
  assertPasswordAllowed(password);
  const passwordHash = await hashPassword(password);
  const created = await createPendingDeveloper({ email, name, company: company ?? null, passwordHash }, ip, now);
  if (created) {
    await sendMail(verificationMail(email, name, created.token));
  } else {
    await handleExistingAddress(email, ip, now);
  }
  return { email, status: "pending", message: MESSAGE };
}

type NewDeveloper = { email: string; name: string; company: string | null; passwordHash: string };

async function createPendingDeveloper(data: NewDeveloper, ip: string, now: Date) {
  try {
    return await db.$transaction(async (tx) => {
      const dev = await tx.developer.create({ data: { ...data, status: "pending" }, select: { id: true } });
      const token = await issueEmailToken(tx, dev.id, "verify", now);
      await audit(tx, { actorId: dev.id, actorType: "developer", action: "developer.signup", targetType: "developer", targetId: dev.id, ip });
      return { id: dev.id, token };
    });
  } catch (err) {
    // The address is taken (maybe by a concurrent sign-up): answer as for a new one.
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

// An unverified owner gets a fresh verification link (they probably lost the first mail);
// a verified one is told that someone tried to sign up with the address.
async function handleExistingAddress(email: string, ip: string, now: Date): Promise<void> {
  const mail = await db.$transaction(async (tx) => {
    const dev = await tx.developer.findUnique({ where: { email }, select: { id: true, name: true, emailVerifiedAt: true } });
    if (!dev) return null;
    await audit(tx, { actorId: null, actorType: "anonymous", action: "developer.signup_existing", targetType: "developer", targetId: dev.id, ip });
    if (dev.emailVerifiedAt) return signupAttemptMail(email);
    return verificationMail(email, dev.name, await issueEmailToken(tx, dev.id, "verify", now));
  });
  if (mail) await sendMail(mail);
}
