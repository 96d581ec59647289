import type { MemberRole, Prisma } from "@/lib/generated/prisma/client";
import { type DisabledEndpoint, disableEndpointsOfMember } from "@/lib/webhooks/creator-access";
import type { MemberActor } from "./member";
import { can, OWNERS_ONLY } from "./roles";

// What a member set going ends with their right to it (docs/teams.md, "Members"): removed or
// left (role null), or given a role that no longer allows it. One rule for both, in the change's
// own transaction: pending invitations they could no longer send, and the webhook endpoints they
// answer for once they cannot write webhooks.

export async function endWhatRoleNoLongerAllows(
  tx: Prisma.TransactionClient,
  actor: MemberActor,
  accountId: string,
  role: MemberRole | null,
  now = new Date(),
): Promise<DisabledEndpoint[]> {
  const invitedRoles =
    role === null || !can(role, "members.manage") ? undefined : can(role, "organization.own") ? [] : OWNERS_ONLY;
  if (invitedRoles === undefined || invitedRoles.length > 0)
    await tx.invitation.updateMany({
      where: {
        organizationId: actor.organizationId,
        invitedById: accountId,
        acceptedAt: null,
        revokedAt: null,
        ...(invitedRoles ? { role: { in: [...invitedRoles] } } : {}),
      },
      data: { revokedAt: now },
    });
  if (role !== null && can(role, "webhooks.write")) return [];
  return disableEndpointsOfMember(tx, actor, accountId, role === null ? "creator_removed" : "creator_demoted", now);
}
