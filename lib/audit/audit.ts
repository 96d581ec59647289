import type { Prisma } from "@/lib/generated/prisma/client";

// One audit row per developer or staff action, written with the transaction client of the
// action itself, so the row exists exactly when the action committed. Never pass secrets,
// tokens, passwords, key values, session ids or vitals in `details`.

export type ActorType = "developer" | "staff" | "operator" | "anonymous" | "stripe" | "system";

export type AuditEntry = {
  actorId?: string | null;
  actorType: ActorType;
  /** The organization the action was taken in (its audit page lists it). */
  organizationId?: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  ip?: string;
  details?: Record<string, string | number | boolean | null | string[]>;
};

export type AuditWriter = Pick<Prisma.TransactionClient, "auditLog">;

export async function audit(tx: AuditWriter, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      actorId: entry.actorId ?? null,
      actorType: entry.actorType,
      organizationId: entry.organizationId ?? null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      ip: entry.ip,
      details: entry.details,
    },
  });
}
