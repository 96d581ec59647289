import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

// An account's personal organization has the account's own id (docs/teams.md): where a page or
// endpoint is about the account (its profile, the support console's account page), its plan
// and billing are read there.

export const PERSONAL_BILLING = {
  plan: true,
  stripeCustomerId: true,
  stripeSubscriptionId: true,
  stripeSubscriptionStatus: true,
  stripeEventAt: true,
} as const;

type Reader = Pick<Prisma.TransactionClient, "organization">;

export function personalOrganization(accountId: string, tx: Reader = db) {
  return tx.organization.findUniqueOrThrow({ where: { id: accountId }, select: PERSONAL_BILLING });
}

/** Many accounts' plans at once (the support console's lists). */
export async function plansOf(accountIds: string[]) {
  const rows = await db.organization.findMany({ where: { id: { in: accountIds } }, select: { id: true, plan: true } });
  return new Map(rows.map((r) => [r.id, r.plan]));
}
