// The account a staff action is about, and the notice mailed after it.
import { audit } from "@/lib/audit/audit";
import { ApiError } from "@/lib/http/errors";
import { personalOrganization } from "@/lib/teams/personal";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { DeveloperStatus, Plan } from "@/lib/generated/prisma/enums";

export type Staff = { id: string; ip: string };
export type ActionOutcome = { ok: true; message: string };

export type Tx = Prisma.TransactionClient;
const TARGET = { id: true, email: true, name: true, status: true, emailVerifiedAt: true } as const;

/** The account an action is about; staff never act on their own account. */
export async function loadTarget(tx: Tx, staff: Staff, developerId: string) {
  if (developerId === staff.id)
    throw new ApiError("FORBIDDEN", "Staff cannot change their own account; ask another staff member");
  const dev = await tx.developer.findUnique({ where: { id: developerId }, select: TARGET });
  if (!dev) throw new ApiError("NOT_FOUND", "No such account");
  // The plan staff change is the personal organization's (lib/teams/personal.ts).
  return { ...dev, plan: (await personalOrganization(dev.id, tx)).plan };
}

export { notify } from "@/lib/mail/send-mail";

/** The sentence staff read after an action that mails the developer. */
export const mailNote = (sent: boolean) =>
  sent ? " The developer was e-mailed." : " The e-mail to the developer could not be sent.";

/** The audit row of a staff action: the staff member, their client IP, and the reason among the details. */
export function auditStaff(
  tx: Tx,
  staff: Staff,
  action: string,
  target: { type: string; id: string },
  details: Record<string, string>,
  organizationId?: string,
) {
  return audit(tx, {
    actorId: staff.id,
    actorType: "staff",
    organizationId,
    action,
    targetType: target.type,
    targetId: target.id,
    ip: staff.ip,
    details,
  });
}

type Changeable = { status: DeveloperStatus; plan: Plan };

/**
 * Changes one field of the account only if it still holds the value just read (of two staff
 * acting at once, one wins, the other is told), and audits the change with the reason
 * (`developer.status_change`, `developer.plan_change`).
 */
export async function changeAudited<F extends keyof Changeable>(
  tx: Tx,
  staff: Staff,
  dev: { id: string } & Changeable,
  field: F,
  to: Changeable[F],
  reason: string,
) {
  const from = dev[field];
  const where = { id: dev.id, [field]: from };
  const claimed =
    field === "plan"
      ? await tx.organization.updateMany({ where, data: { plan: to as Plan } })
      : await tx.developer.updateMany({ where, data: { [field]: to } });
  if (claimed.count === 0) throw new ApiError("INVALID_REQUEST", "The account changed meanwhile; reload the page");
  // A plan is the personal organization's: the change is on its trail too.
  const organizationId = field === "plan" ? dev.id : undefined;
  await auditStaff(
    tx,
    staff,
    `developer.${field}_change`,
    { type: "developer", id: dev.id },
    { from, to, reason },
    organizationId,
  );
}
