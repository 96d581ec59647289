import { audit, type AuditEntry, type AuditWriter } from "@/lib/audit/audit";
import type { MemberActor } from "@/lib/teams/member";

/** Who changed a key: a member of its organization (from an address), or the sweeper (for the organization). */
export type KeyActor = MemberActor | { system: true; organizationId: string };

/** The audit row of a change to an API key, written in the change's own transaction. */
export function auditKey(
  tx: AuditWriter,
  action: `api_key.${string}`,
  keyId: string,
  by: KeyActor,
  details: AuditEntry["details"],
): Promise<void> {
  const actor =
    "system" in by
      ? { actorId: null, organizationId: by.organizationId, actorType: "system" as const }
      : { actorId: by.accountId, organizationId: by.organizationId, actorType: "developer" as const, ip: by.ip };
  return audit(tx, { ...actor, action, targetType: "api_key", targetId: keyId, details });
}
