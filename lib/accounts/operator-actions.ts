import { db } from "@/lib/db";
import { audit, type ActorType } from "@/lib/audit/audit";
import { ApiError } from "@/lib/http/errors";
import type { DeveloperStatus, Plan } from "@/lib/generated/prisma/enums";
import { normalizeEmail } from "./developer-account";

// Status and plan changes made by people other than the developer: the `npm run account` tool
// now, the support console later. Each change and its audit row commit together.

export type Actor = { actorId?: string | null; actorType: Extract<ActorType, "staff" | "operator">; ip?: string };

async function change<T extends "status" | "plan">(email: string, field: T, value: T extends "status" ? DeveloperStatus : Plan, actor: Actor) {
  return db.$transaction(async (tx) => {
    const dev = await tx.developer.findUnique({ where: { email: normalizeEmail(email) }, select: { id: true, status: true, plan: true } });
    if (!dev) throw new ApiError("NOT_FOUND", `No developer account for ${email}`);
    const from = dev[field];
    if (from !== value) {
      await tx.developer.update({ where: { id: dev.id }, data: { [field]: value } });
      await audit(tx, {
        actorId: actor.actorId ?? null,
        actorType: actor.actorType,
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

export function setDeveloperStatus(email: string, status: DeveloperStatus, actor: Actor) {
  return change(email, "status", status, actor);
}

export function setDeveloperPlan(email: string, plan: Plan, actor: Actor) {
  return change(email, "plan", plan, actor);
}
