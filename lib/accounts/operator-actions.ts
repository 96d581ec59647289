import { personalOrganization } from "@/lib/teams/personal";
import { db } from "@/lib/db";
import { audit, type ActorType } from "@/lib/audit/audit";
import { ApiError } from "@/lib/http/errors";
import type { DeveloperStatus, Plan, Role } from "@/lib/generated/prisma/enums";
import type { Prisma } from "@/lib/generated/prisma/client";
import { normalizeEmail } from "./developer-account";
import { removeSecondFactor } from "./two-factor-settings";

// Status, plan and role changes made by people other than the developer: the `npm run account`
// tool and the support console. Each change and its audit row commit together.

export type Actor = { actorId?: string | null; actorType: Extract<ActorType, "staff" | "operator">; ip?: string };

type Fields = { status: DeveloperStatus; plan: Plan; role: Role };

async function change<T extends keyof Fields>(email: string, field: T, value: Fields[T], actor: Actor) {
  return db.$transaction(async (tx) => {
    const dev = await tx.developer.findUnique({
      where: { email: normalizeEmail(email) },
      select: { id: true, status: true, role: true },
    });
    if (!dev) throw new ApiError("NOT_FOUND", `No developer account for ${email}`);
    const fields: Fields = { ...dev, plan: (await personalOrganization(dev.id, tx)).plan };
    const from = fields[field];
    if (from !== value) {
      // The plan is the personal organization's (lib/teams/personal.ts).
      if (field === "plan") await tx.organization.update({ where: { id: dev.id }, data: { plan: value as Plan } });
      else await tx.developer.update({ where: { id: dev.id }, data: { [field]: value } });
      // Made staff: a second factor set up as a developer (perhaps by whoever had the password)
      // does not open the support console; the account enrols afresh, proving its mailbox
      // (docs/support.md, "Access"), and its sessions end.
      if (field === "role" && value === "staff") await startStaffAfresh(tx, dev.id);
      await audit(tx, {
        actorId: actor.actorId ?? null,
        actorType: actor.actorType,
        // A plan change is on the personal organization's trail too.
        organizationId: field === "plan" ? dev.id : null,
        action: `developer.${field}_change`,
        targetType: "developer",
        targetId: dev.id,
        ip: actor.ip,
        details: { from, to: value },
      });
    }
    return { id: dev.id, from, to: value, changed: from !== value };
  });
}

async function startStaffAfresh(tx: Prisma.TransactionClient, developerId: string): Promise<void> {
  await removeSecondFactor(tx, developerId);
  await tx.portalSession.deleteMany({ where: { developerId } });
  await tx.developer.update({ where: { id: developerId }, data: { sessionVersion: { increment: 1 } } });
}

export function setDeveloperStatus(email: string, status: DeveloperStatus, actor: Actor) {
  return change(email, "status", status, actor);
}

export function setDeveloperPlan(email: string, plan: Plan, actor: Actor) {
  return change(email, "plan", plan, actor);
}

/** Only operators (the command line) grant or remove staff rights. */
export function setDeveloperRole(email: string, role: Role, actor: Actor) {
  return change(email, "role", role, actor);
}
