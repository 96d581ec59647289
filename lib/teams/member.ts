import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/http/errors";
import type { MemberRole, Plan, DeveloperStatus } from "@/lib/generated/prisma/enums";
import { can, type Operation } from "./roles";

// The organization a signed-in account acts for, and its role there: read on every request
// (portal and developer API), so a removed member is refused on their next request everywhere.

export type ActingOrganization = {
  id: string;
  name: string;
  personal: boolean;
  status: DeveloperStatus;
  plan: Plan;
  stripeCustomerId: string | null;
};

export type Member = { accountId: string; role: MemberRole; organization: ActingOrganization };

const ORGANIZATION_FIELDS = {
  id: true,
  name: true,
  personal: true,
  status: true,
  plan: true,
  stripeCustomerId: true,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The account's membership of `organizationId`, or of its personal organization when none is
 * named; null when it is not (or no longer) a member there.
 */
export async function memberFor(accountId: string, organizationId?: string | null): Promise<Member | null> {
  const orgId = organizationId && UUID.test(organizationId) ? organizationId : accountId;
  if (organizationId && !UUID.test(organizationId)) return null;
  const row = await db.membership.findUnique({
    where: { organizationId_accountId: { organizationId: orgId, accountId } },
    select: { role: true, organization: { select: ORGANIZATION_FIELDS } },
  });
  return row ? { accountId, role: row.role, organization: row.organization } : null;
}

/** 403 FORBIDDEN in the API's error body unless the member's role allows the operation. */
export function assertCan(member: { role: MemberRole; organization: { name: string } }, operation: Operation): void {
  if (!can(member.role, operation)) {
    throw new ApiError(
      "FORBIDDEN",
      `Your role in ${member.organization.name} (${member.role}) does not allow this; ask an owner or admin`,
    );
  }
}

/** Who did an audited action, where, from which address. */
export type MemberActor = { organizationId: string; accountId: string; ip: string };

export const actorOf = (member: Member, ip: string): MemberActor => ({
  organizationId: member.organization.id,
  accountId: member.accountId,
  ip,
});

/**
 * Locks the organization's row and re-reads the caller's role under the lock, so a change made
 * while the caller's role was being taken away cannot pass on the role read before (lib/teams:
 * every member, invitation and organization change runs through it).
 */
export async function lockCaller(tx: Prisma.TransactionClient, actor: MemberActor, operation: Operation) {
  const [org] = await tx.$queryRaw<{ name: string; personal: boolean }[]>`
    SELECT name, personal FROM "Organization" WHERE id = ${actor.organizationId}::uuid FOR UPDATE`;
  const row = org
    ? await tx.membership.findUnique({
        where: { organizationId_accountId: { organizationId: actor.organizationId, accountId: actor.accountId } },
        select: { role: true },
      })
    : null;
  if (!org || !row) throw new ApiError("FORBIDDEN", "You are no longer a member of this organization");
  const caller = { role: row.role, organization: { name: org.name, personal: org.personal } };
  assertCan(caller, operation);
  return caller;
}
