import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db";
import type { MemberRole, Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/http/errors";
import { unixSeconds } from "@/lib/time";
import { afterEndpointsDisabled } from "@/lib/webhooks/creator-access";
import { endWhatRoleNoLongerAllows } from "./access-ends";
import { assertCan, lockCaller, type Member, type MemberActor } from "./member";
import { skipOf, TEAM_PAGE_SIZE } from "./paging";
import { OWNERS_ONLY } from "./roles";

// Members of an organization (docs/teams.md, "Members"). Two rules hold in every change: an
// organization always keeps an owner, and a personal organization's own account stays its owner.

type Tx = Prisma.TransactionClient;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notMember = () => new ApiError("NOT_FOUND", "No such member in this organization");

export async function listMembers(organizationId: string, page = 1) {
  const where = { organizationId };
  const [rows, total] = await Promise.all([
    db.membership.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { accountId: "asc" }],
      skip: skipOf(page),
      take: TEAM_PAGE_SIZE,
      select: { role: true, createdAt: true, account: { select: { id: true, email: true, name: true } } },
    }),
    db.membership.count({ where }),
  ]);
  return {
    members: rows.map((r) => ({
      account_id: r.account.id,
      email: r.account.email,
      name: r.account.name,
      role: r.role,
      joined_at: unixSeconds(r.createdAt),
    })),
    total,
    page,
    page_size: TEAM_PAGE_SIZE,
  };
}

/** The target's membership; the caller's lock on the organization row keeps owner counts from racing. */
async function lockedTarget(tx: Tx, organization: { personal: boolean }, organizationId: string, accountId: string) {
  if (!UUID.test(accountId)) throw notMember();
  const target = await tx.membership.findUnique({
    where: { organizationId_accountId: { organizationId, accountId } },
    select: { role: true },
  });
  if (!target) throw notMember();
  const owners = await tx.membership.count({ where: { organizationId, role: "owner" } });
  return { role: target.role, personalOwner: organization.personal && accountId === organizationId, owners };
}

function assertKeepsOwner(target: { role: MemberRole; personalOwner: boolean; owners: number }, what: string) {
  if (target.personalOwner)
    throw new ApiError(
      "INVALID_REQUEST",
      `A personal organization's own account stays its owner; it cannot be ${what}`,
    );
  if (target.role === "owner" && target.owners <= 1)
    throw new ApiError("INVALID_REQUEST", `An organization keeps at least one owner; make another member owner first`);
}

/**
 * A new role for a member: admins change developer, billing and viewer roles; only an owner makes
 * or unmakes an owner or admin (ownership is transferred by making another member owner, then
 * leaving or stepping down).
 */
export async function changeRole(member: Member, actor: MemberActor, accountId: string, role: MemberRole) {
  assertCan(member, "members.manage");
  const changed = await db.$transaction(async (tx) => {
    const caller = await lockCaller(tx, actor, "members.manage");
    const target = await lockedTarget(tx, caller.organization, actor.organizationId, accountId);
    if (target.role === role) return { answer: { account_id: accountId, role }, disabled: [] };
    if (OWNERS_ONLY.includes(target.role) || OWNERS_ONLY.includes(role)) assertCan(caller, "organization.own");
    if (target.role === "owner") assertKeepsOwner(target, "given another role");
    await tx.membership.update({
      where: { organizationId_accountId: { organizationId: actor.organizationId, accountId } },
      data: { role },
    });
    const disabled = await endWhatRoleNoLongerAllows(tx, actor, accountId, role);
    await auditMember(tx, actor, "member.role_change", accountId, { from: target.role, to: role });
    return { answer: { account_id: accountId, role }, disabled };
  });
  await afterEndpointsDisabled(actor.organizationId, changed.disabled, new Date());
  return changed.answer;
}

/**
 * Removes a member, or lets a member leave (their own account id). Their next request, portal or
 * API, on any instance, no longer reaches the organization; the keys they made stay, the webhook
 * endpoints they answer for are disabled (access-ends.ts).
 */
export async function removeMember(member: Member, actor: MemberActor, accountId: string) {
  const leaving = accountId === actor.accountId;
  if (!leaving) assertCan(member, "members.manage");
  const removed = await db.$transaction(async (tx) => {
    const caller = await lockCaller(tx, actor, leaving ? "members.read" : "members.manage");
    const target = await lockedTarget(tx, caller.organization, actor.organizationId, accountId);
    if (OWNERS_ONLY.includes(target.role) && !leaving) assertCan(caller, "organization.own");
    assertKeepsOwner(target, leaving ? "left" : "removed");
    await tx.membership.delete({
      where: { organizationId_accountId: { organizationId: actor.organizationId, accountId } },
    });
    // Their pending invitations and their webhook endpoints go with them.
    const disabled = await endWhatRoleNoLongerAllows(tx, actor, accountId, null);
    await auditMember(tx, actor, leaving ? "member.leave" : "member.remove", accountId, { role: target.role });
    return disabled;
  });
  await afterEndpointsDisabled(actor.organizationId, removed, new Date());
  return { account_id: accountId, removed: true as const };
}

export function auditMember(
  tx: Tx,
  actor: MemberActor,
  action: string,
  accountId: string,
  details: Record<string, string>,
) {
  return audit(tx, {
    actorId: actor.accountId,
    actorType: "developer",
    organizationId: actor.organizationId,
    action,
    targetType: "account",
    targetId: accountId,
    ip: actor.ip,
    details,
  });
}
