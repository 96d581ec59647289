import type { Prisma } from "@/lib/generated/prisma/client";
import type { EmailTokenPurpose } from "@/lib/generated/prisma/enums";

// Anyone can make us mail an address (sign-up with it, "forgot password" for it). At most this
// many account mails of one kind go to one account per hour, so the feature cannot be used to
// flood someone's inbox. The API answer stays the same either way.
export const MAX_ACCOUNT_MAILS_PER_HOUR = 3;

type Tx = Pick<Prisma.TransactionClient, "emailToken" | "auditLog">;

const hourBefore = (now: Date) => new Date(now.getTime() - 3600_000);

export async function mayMailToken(
  tx: Tx,
  developerId: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<boolean> {
  const recent = await tx.emailToken.count({ where: { developerId, purpose, createdAt: { gt: hourBefore(now) } } });
  return recent < MAX_ACCOUNT_MAILS_PER_HOUR;
}

export async function mayMailSignupAttempt(tx: Tx, developerId: string, now: Date): Promise<boolean> {
  const recent = await tx.auditLog.count({
    where: { targetId: developerId, action: "developer.signup_existing", createdAt: { gt: hourBefore(now) } },
  });
  return recent < MAX_ACCOUNT_MAILS_PER_HOUR;
}
