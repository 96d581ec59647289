import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { unixSeconds } from "@/lib/time";
import { lockCaller, type MemberActor } from "./member";
import { skipOf, TEAM_PAGE_SIZE } from "./paging";

// Organizations an account belongs to, and making or deleting a team one (docs/teams.md).

/** At most this many team organizations owned per account: a bound on what one sign-up can hold. */
export const MAX_OWNED_ORGANIZATIONS = 20;
/**
 * And at most this many made in any 30 days, deleted ones included (counted in the audit trail,
 * which outlives them): each new organization starts with a plan's free allowance, so making
 * and deleting them must not mint free scans.
 */
export const MAX_CREATED_PER_30_DAYS = 3;

export async function listOrganizations(accountId: string, page = 1) {
  const where = { accountId };
  const [rows, total] = await Promise.all([
    db.membership.findMany({
      where,
      // The personal organization first, then by when the account joined.
      orderBy: [{ organization: { personal: "desc" } }, { createdAt: "asc" }, { organizationId: "asc" }],
      skip: skipOf(page),
      take: TEAM_PAGE_SIZE,
      select: {
        role: true,
        createdAt: true,
        organization: { select: { id: true, name: true, personal: true, plan: true } },
      },
    }),
    db.membership.count({ where }),
  ]);
  return {
    organizations: rows.map((r) => ({
      id: r.organization.id,
      name: r.organization.name,
      personal: r.organization.personal && r.organization.id === accountId,
      plan: r.organization.plan,
      role: r.role,
      joined_at: unixSeconds(r.createdAt),
    })),
    total,
    page,
    page_size: TEAM_PAGE_SIZE,
  };
}

/** A team organization with the account as its owner; starter plan, its own keys and billing. */
export async function createOrganization(account: { id: string }, name: string, ip: string) {
  return db.$transaction(async (tx) => {
    // Serializes one account's creations, so the cap holds under concurrent calls.
    await tx.$queryRaw`SELECT id FROM "Developer" WHERE id = ${account.id}::uuid FOR UPDATE`;
    const owned = await tx.membership.count({
      where: { accountId: account.id, role: "owner", organization: { personal: false } },
    });
    if (owned >= MAX_OWNED_ORGANIZATIONS)
      throw new ApiError("INVALID_REQUEST", `An account can own at most ${MAX_OWNED_ORGANIZATIONS} team organizations`);
    const made = await tx.auditLog.count({
      where: {
        actorId: account.id,
        action: "organization.create",
        createdAt: { gt: new Date(Date.now() - 30 * 86_400_000) },
      },
    });
    if (made >= MAX_CREATED_PER_30_DAYS)
      throw new ApiError(
        "RATE_LIMIT_EXCEEDED",
        `An account can make at most ${MAX_CREATED_PER_30_DAYS} organizations in 30 days; ask support for more`,
      );
    const org = await tx.organization.create({ data: { name } });
    await tx.membership.create({ data: { organizationId: org.id, accountId: account.id, role: "owner" } });
    await audit(tx, {
      actorId: account.id,
      actorType: "developer",
      organizationId: org.id,
      action: "organization.create",
      targetType: "organization",
      targetId: org.id,
      ip,
    });
    return { id: org.id, name: org.name, personal: false, plan: org.plan, role: "owner" as const };
  });
}

/**
 * Deletes a team organization with everything it holds (keys, usage, logs, webhooks): owners
 * only, never a personal one, never while a Stripe subscription is still billing it.
 */
export async function deleteOrganization(actor: MemberActor) {
  return db.$transaction(async (tx) => {
    await lockCaller(tx, actor, "organization.own");
    const org = await tx.organization.findUnique({
      where: { id: actor.organizationId },
      select: { personal: true, stripeSubscriptionId: true, name: true },
    });
    if (!org) throw new ApiError("NOT_FOUND", "Organization not found");
    if (org.personal)
      throw new ApiError("INVALID_REQUEST", "A personal organization goes only with its account; it cannot be deleted");
    if (org.stripeSubscriptionId)
      throw new ApiError(
        "INVALID_REQUEST",
        "Cancel the subscription in the billing portal before deleting the organization",
      );
    await audit(tx, {
      actorId: actor.accountId,
      actorType: "developer",
      organizationId: null,
      action: "organization.delete",
      targetType: "organization",
      targetId: actor.organizationId,
      ip: actor.ip,
      details: { name: org.name },
    });
    await tx.organization.delete({ where: { id: actor.organizationId } });
    return { id: actor.organizationId, deleted: true as const };
  });
}
