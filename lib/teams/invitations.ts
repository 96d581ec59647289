import { randomBytes } from "node:crypto";
import { hashToken } from "@/lib/accounts/email-tokens";
import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db";
import type { MemberRole } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/http/errors";
import { sendMail } from "@/lib/mail/send-mail";
import { invitationMail } from "@/lib/mail/templates";
import { unixSeconds } from "@/lib/time";
import { assertCan, lockCaller, type Member, type MemberActor } from "./member";
import { OWNERS_ONLY } from "./roles";
import { skipOf, TEAM_PAGE_SIZE } from "./paging";

// Invitations by e-mail (docs/teams.md, "Invitations"): a 32-byte random token in the mailed link,
// only its SHA-256 kept; single use, valid INVITATION_DAYS, revocable; accepted only by the
// signed-in account with the invited address.

export const INVITATION_DAYS = 7;
/** Pending invitations an organization may hold, and invitations it (and any one inviter, across organizations) may send an hour. */
export const MAX_PENDING_INVITATIONS = 50;
export const INVITATIONS_PER_HOUR = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const gone = () => new ApiError("NOT_FOUND", "This invitation does not exist, was used or revoked, or has expired");
const pending = (now: Date) => ({ acceptedAt: null, revokedAt: null, expiresAt: { gt: now } });

export async function listInvitations(organizationId: string, page = 1, now = new Date()) {
  const where = { organizationId, ...pending(now) };
  const [rows, total] = await Promise.all([
    db.invitation.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: skipOf(page),
      take: TEAM_PAGE_SIZE,
      select: { id: true, email: true, role: true, createdAt: true, expiresAt: true },
    }),
    db.invitation.count({ where }),
  ]);
  return {
    invitations: rows.map((r) => ({
      id: r.id,
      email: r.email,
      role: r.role,
      created_at: unixSeconds(r.createdAt),
      expires_at: unixSeconds(r.expiresAt),
    })),
    total,
    page,
    page_size: TEAM_PAGE_SIZE,
  };
}

/**
 * Invites an address with a role and mails it the link. Inviting an address again replaces its
 * pending invitation (the old link stops working). Only an owner may invite an owner.
 */
export async function createInvitation(
  member: Member,
  actor: MemberActor,
  input: { email: string; role: MemberRole },
  now = new Date(),
) {
  assertCan(member, "members.manage");
  if (OWNERS_ONLY.includes(input.role)) assertCan(member, "organization.own");
  const token = randomBytes(32).toString("base64url");
  const invitation = await db.$transaction(async (tx) => {
    const caller = await lockCaller(tx, actor, "members.manage");
    if (OWNERS_ONLY.includes(input.role)) assertCan(caller, "organization.own");
    const already = await tx.membership.count({
      where: { organizationId: actor.organizationId, account: { email: input.email } },
    });
    if (already) throw new ApiError("INVALID_REQUEST", `${input.email} is already a member of this organization`);
    // Counted in the audit trail, which outlives a deleted organization: per organization, and per
    // inviter across all of theirs, so invitations cannot be turned into a mailing service.
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const sent = (where: object) =>
      tx.auditLog.count({ where: { action: "invitation.create", createdAt: { gt: hourAgo }, ...where } });
    const [byOrganization, byInviter] = await Promise.all([
      sent({ organizationId: actor.organizationId }),
      sent({ actorId: actor.accountId }),
    ]);
    if (Math.max(byOrganization, byInviter) >= INVITATIONS_PER_HOUR)
      throw new ApiError("RATE_LIMIT_EXCEEDED", `At most ${INVITATIONS_PER_HOUR} invitations an hour; try again later`);
    // Re-inviting replaces a pending invitation; one for an owner or admin only an owner replaces.
    const replaced = await tx.invitation.findMany({
      where: { organizationId: actor.organizationId, email: input.email, ...pending(now) },
      select: { role: true },
    });
    if (replaced.some((r) => OWNERS_ONLY.includes(r.role))) assertCan(caller, "organization.own");
    await tx.invitation.updateMany({
      where: { organizationId: actor.organizationId, email: input.email, ...pending(now) },
      data: { revokedAt: now },
    });
    const open = await tx.invitation.count({ where: { organizationId: actor.organizationId, ...pending(now) } });
    if (open >= MAX_PENDING_INVITATIONS)
      throw new ApiError(
        "INVALID_REQUEST",
        `At most ${MAX_PENDING_INVITATIONS} pending invitations; revoke some first`,
      );
    const row = await tx.invitation.create({
      data: {
        organizationId: actor.organizationId,
        email: input.email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedById: actor.accountId,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
        createdAt: now,
      },
    });
    await audit(tx, {
      actorId: actor.accountId,
      actorType: "developer",
      organizationId: actor.organizationId,
      action: "invitation.create",
      targetType: "invitation",
      targetId: row.id,
      ip: actor.ip,
      details: { email: input.email, role: input.role },
    });
    return row;
  });
  try {
    await sendMail(invitationMail(input.email, input.role, token, INVITATION_DAYS));
  } catch (err) {
    // No mail, no invitation: it would wait for a link nobody has. The attempt still counts.
    await db
      .$transaction(async (tx) => {
        await tx.invitation.delete({ where: { id: invitation.id } });
        await audit(tx, {
          actorId: null,
          actorType: "system",
          organizationId: actor.organizationId,
          action: "invitation.withdraw",
          targetType: "invitation",
          targetId: invitation.id,
          details: { reason: "the mail could not be sent" },
        });
      })
      .catch(() => undefined);
    throw err;
  }
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    created_at: unixSeconds(invitation.createdAt),
    expires_at: unixSeconds(invitation.expiresAt),
  };
}

export async function revokeInvitation(member: Member, actor: MemberActor, id: string, now = new Date()) {
  assertCan(member, "members.manage");
  if (!UUID.test(id)) throw gone();
  return db.$transaction(async (tx) => {
    const caller = await lockCaller(tx, actor, "members.manage");
    const row = await tx.invitation.findFirst({ where: { id, organizationId: actor.organizationId, ...pending(now) } });
    if (!row) throw gone();
    if (OWNERS_ONLY.includes(row.role)) assertCan(caller, "organization.own");
    const claimed = await tx.invitation.updateMany({
      where: { id, organizationId: actor.organizationId, ...pending(now) },
      data: { revokedAt: now },
    });
    if (claimed.count !== 1) throw gone();
    await audit(tx, {
      actorId: actor.accountId,
      actorType: "developer",
      organizationId: actor.organizationId,
      action: "invitation.revoke",
      targetType: "invitation",
      targetId: id,
      ip: actor.ip,
    });
    return { id, revoked: true as const };
  });
}

/** What the accept page shows before the click: the organization, the role, the inviter and the invited address. */
export async function previewInvitation(token: string, now = new Date()) {
  const row = await db.invitation.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      email: true,
      role: true,
      acceptedAt: true,
      revokedAt: true,
      expiresAt: true,
      invitedById: true,
      organization: true,
    },
  });
  if (!row || row.acceptedAt || row.revokedAt || row.expiresAt <= now) return null;
  const inviter = row.invitedById
    ? await db.developer.findUnique({ where: { id: row.invitedById }, select: { name: true, email: true } })
    : null;
  return {
    organization: row.organization.name,
    role: row.role,
    email: row.email,
    inviter: inviter && `${inviter.name} (${inviter.email})`,
  };
}

/**
 * Accepts an invitation for the signed-in account: once (the claim is a conditional write), before
 * it expires, and only when the account's verified address is the invited one.
 */
export async function acceptInvitation(
  account: { id: string; email: string; emailVerifiedAt: Date | null },
  token: string,
  ip: string,
  now = new Date(),
) {
  const tokenHash = hashToken(token);
  return db.$transaction(async (tx) => {
    const row = await tx.invitation.findUnique({ where: { tokenHash } });
    if (!row || row.acceptedAt || row.revokedAt || row.expiresAt <= now) throw gone();
    if (row.email !== account.email.toLowerCase() || !account.emailVerifiedAt)
      throw new ApiError(
        "FORBIDDEN",
        "This invitation was sent to another e-mail address; sign in with that address (verified) to accept it",
      );
    // The organization's row first, as every member and invitation change takes it (lockCaller):
    // claiming the invitation first and the organization's row second (the membership's key) could
    // deadlock against a revocation holding them the other way round.
    await tx.$queryRaw`SELECT id FROM "Organization" WHERE id = ${row.organizationId}::uuid FOR UPDATE`;
    const claimed = await tx.invitation.updateMany({
      where: { id: row.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { acceptedAt: now, acceptedById: account.id },
    });
    if (claimed.count !== 1) throw gone();
    // Already a member: the invitation is used up and the role they have stays.
    const joined = await tx.membership.upsert({
      where: { organizationId_accountId: { organizationId: row.organizationId, accountId: account.id } },
      create: { organizationId: row.organizationId, accountId: account.id, role: row.role, createdAt: now },
      update: {},
      select: { role: true },
    });
    await audit(tx, {
      actorId: account.id,
      actorType: "developer",
      organizationId: row.organizationId,
      action: "invitation.accept",
      targetType: "invitation",
      targetId: row.id,
      ip,
      details: { role: row.role },
    });
    return { organization_id: row.organizationId, role: joined.role };
  });
}
