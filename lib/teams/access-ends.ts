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
  const ending = invitationsToEnd(role);
  if (ending)
    await tx.invitation.updateMany({
      where: {
        organizationId: actor.organizationId,
        invitedById: accountId,
        acceptedAt: null,
        revokedAt: null,
        ...ending,
      },
      data: { revokedAt: now },
    });
  if (role !== null && can(role, "webhooks.write")) return [];
  return disableEndpointsOfMember(tx, actor, accountId, role === null ? "creator_removed" : "creator_demoted", now);
}

/**
 * Which of a member's pending invitations end with `role` (null: gone): every one when they can
 * no longer invite, those for owners and admins when only an owner could have sent them, or none.
 */
function invitationsToEnd(role: MemberRole | null): Prisma.InvitationWhereInput | null {
  if (role === null || !can(role, "members.manage")) return {};
  if (can(role, "organization.own")) return null;
  return { role: { in: [...OWNERS_ONLY] } };
}
