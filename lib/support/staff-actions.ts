import { emitKeyRevoked, KEY_FACTS } from "@/lib/webhooks/key-events";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import {
  accountApprovedMail,
  accountReinstatedMail,
  accountSuspendedMail,
  keyRevokedByStaffMail,
  planChangedMail,
} from "@/lib/mail/account-notices";
import type { DeveloperStatus, Plan } from "@/lib/generated/prisma/enums";
import { twoFactorChangedMail } from "@/lib/mail/security-notices";
import { removeSecondFactor } from "@/lib/accounts/two-factor-settings";
import {
  accountActionBody,
  keyRevokeBody,
  organizationActionBody,
  planChangeBody,
  twoFactorRemoveBody,
} from "./schemas";
import { mailAccountLink } from "./account-links";
import {
  auditStaff,
  changeAudited,
  loadTarget,
  mailNote,
  notify,
  type ActionOutcome,
  type Staff,
  type Tx,
} from "./target";

// What support staff can do to an account. Each action checks the account's state, changes it
// with a conditional write and writes its audit row (with the staff member's reason) in one
// transaction (target.ts changeAudited), then mails the developer where they would want to know.

const TRANSITIONS: Record<
  "approve" | "suspend" | "reinstate",
  { from: DeveloperStatus[]; to: DeveloperStatus; done: string }
> = {
  approve: { from: ["pending"], to: "active", done: "approved" },
  suspend: { from: ["pending", "active"], to: "suspended", done: "suspended" },
  reinstate: { from: ["suspended"], to: "active", done: "reinstated" },
};

const NOTICE = { approve: accountApprovedMail, suspend: accountSuspendedMail, reinstate: accountReinstatedMail };

/** Approve (pending, verified), suspend (pending or active) or reinstate (suspended) an account. */
export async function changeAccountStatus(
  staff: Staff,
  input: { developerId: string; action: string; reason: string },
): Promise<ActionOutcome> {
  const body = accountActionBody.parse(input);
  const action = body.action;
  if (action === "resend_verification" || action === "password_reset")
    return mailAccountLink(staff, { ...body, action });
  const t = TRANSITIONS[action];
  const dev = await db.$transaction(async (tx) => {
    const dev = await loadTarget(tx, staff, body.developerId);
    if (!t.from.includes(dev.status))
      throw new ApiError("INVALID_REQUEST", `The account is ${dev.status}; it cannot be ${t.done}`);
    if (action === "approve" && !dev.emailVerifiedAt)
      throw new ApiError("INVALID_REQUEST", "The e-mail address is not verified yet; it cannot be approved");
    const to = action === "reinstate" ? await statusToReinstate(tx, dev) : t.to;
    await changeAudited(tx, staff, dev, "status", to, body.reason);
    return { ...dev, to };
  });
  // Reinstated to pending (verification or approval still to come): no "active again" mail.
  if (dev.to === "pending") return { ok: true, message: `${dev.email} is ${t.done}, and pending again.` };
  return {
    ok: true,
    message: `${dev.email} is ${t.done}.${mailNote(await notify(NOTICE[action](dev.email, dev.name)))}`,
  };
}

/**
 * A reinstated account goes back to where the suspension found it: `pending` until its e-mail
 * is verified, and, when staff approval is required, until it was approved (it was active
 * before its last suspension); else `active` (docs/support.md, "Actions").
 */
async function statusToReinstate(tx: Tx, dev: { id: string; emailVerifiedAt: Date | null }): Promise<DeveloperStatus> {
  if (!dev.emailVerifiedAt) return "pending";
  if (!env().REQUIRE_APPROVAL) return "active";
  const suspended = await tx.auditLog.findFirst({
    where: { targetId: dev.id, action: "developer.status_change", details: { path: ["to"], equals: "suspended" } },
    orderBy: { createdAt: "desc" },
    select: { details: true },
  });
  return (suspended?.details as { from?: string } | null)?.from === "active" ? "active" : "pending";
}

export async function changePlan(
  staff: Staff,
  input: { developerId: string; plan: string; reason: string },
): Promise<ActionOutcome> {
  const body = planChangeBody.parse(input);
  const dev = await db.$transaction(async (tx) => {
    const dev = await loadTarget(tx, staff, body.developerId);
    if (dev.plan === body.plan) throw new ApiError("INVALID_REQUEST", `The account is already on ${body.plan}`);
    await changeAudited(tx, staff, dev, "plan", body.plan as Plan, body.reason);
    return dev;
  });
  return {
    ok: true,
    message: `${dev.email}: plan ${dev.plan} → ${body.plan}.${mailNote(await notify(planChangedMail(dev.email, dev.name, dev.plan, body.plan)))}`,
  };
}

/** Revokes one of the account's keys; effective on the key's next request (keys are checked against the database every time). */
export async function revokeKeyAsStaff(
  staff: Staff,
  input: { developerId: string; keyId: string; reason: string },
  now = new Date(),
): Promise<ActionOutcome> {
  const body = keyRevokeBody.parse(input);
  const { dev, key } = await db.$transaction(async (tx) => {
    const dev = await loadTarget(tx, staff, body.developerId);
    const key = await tx.apiKey.findFirst({
      where: { id: body.keyId, developerId: dev.id },
      select: KEY_FACTS,
    });
    if (!key) throw new ApiError("NOT_FOUND", "No such key on this account");
    const claimed = await tx.apiKey.updateMany({ where: { id: key.id, revokedAt: null }, data: { revokedAt: now } });
    if (claimed.count === 0) throw new ApiError("INVALID_REQUEST", "The key is already revoked");
    await emitKeyRevoked(tx, key, now, "staff");
    await auditStaff(
      tx,
      staff,
      "api_key.revoke",
      { type: "api_key", id: key.id },
      { prefix: key.prefix, developer_id: dev.id, reason: body.reason },
      dev.id,
    );
    return { dev, key };
  });
  return {
    ok: true,
    message: `Key ${key.prefix}… revoked.${mailNote(await notify(keyRevokedByStaffMail(dev.email, dev.name, key)))}`,
  };
}

/**
 * Takes two-factor sign-in off an account whose owner lost their authenticator and recovery
 * codes (or found a stranger's on it). Every portal session of the account ends with it; the
 * owner is mailed. The reason is kept in the audit row.
 */
export async function removeTwoFactorAsStaff(
  staff: Staff,
  input: { developerId: string; reason: string },
): Promise<ActionOutcome> {
  const body = twoFactorRemoveBody.parse(input);
  const dev = await db.$transaction(async (tx) => {
    const dev = await loadTarget(tx, staff, body.developerId);
    const claimed = await tx.developer.updateMany({
      where: { id: dev.id, totpEnabledAt: { not: null } },
      data: { sessionVersion: { increment: 1 } },
    });
    if (claimed.count === 0) throw new ApiError("INVALID_REQUEST", "Two-factor sign-in is not on for this account");
    await removeSecondFactor(tx, dev.id);
    await tx.portalSession.deleteMany({ where: { developerId: dev.id } });
    await auditStaff(tx, staff, "developer.totp_remove", { type: "developer", id: dev.id }, { reason: body.reason });
    return dev;
  });
  return {
    ok: true,
    message: `Two-factor sign-in is off for ${dev.email}.${mailNote(await notify(twoFactorChangedMail(dev.email, false, true)))}`,
  };
}

/**
 * Suspends or reinstates a team organization: its keys and members' actions there stop (or work
 * again) on the next request, everywhere. A personal organization follows its account: staff
 * act on the account instead.
 */
export async function changeOrganizationStatus(
  staff: Staff,
  input: { organizationId: string; action: string; reason: string },
): Promise<ActionOutcome> {
  const body = organizationActionBody.parse(input);
  const [from, to] =
    body.action === "suspend" ? (["active", "suspended"] as const) : (["suspended", "active"] as const);
  const org = await db.$transaction(async (tx) => {
    const org = await tx.organization.findUnique({ where: { id: body.organizationId } });
    if (!org) throw new ApiError("NOT_FOUND", "No such organization");
    if (org.personal)
      throw new ApiError(
        "INVALID_REQUEST",
        "A personal organization follows its account: suspend or reinstate the account",
      );
    const claimed = await tx.organization.updateMany({ where: { id: org.id, status: from }, data: { status: to } });
    if (claimed.count === 0)
      throw new ApiError("INVALID_REQUEST", `The organization is ${org.status}; it cannot be ${body.action}d`);
    await auditStaff(
      tx,
      staff,
      "organization.status_change",
      { type: "organization", id: org.id },
      { from, to, reason: body.reason },
      org.id,
    );
    return org;
  });
  return { ok: true, message: `${org.name} is ${to}.` };
}
