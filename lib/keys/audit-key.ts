import { audit, type AuditEntry, type AuditWriter } from "@/lib/audit/audit";

/** Who changed a key: its developer (from an address), or the sweeper. */
export type KeyActor = { developerId: string; ip: string } | "system";

/** The audit row of a change to an API key, written in the change's own transaction. */
export function auditKey(
  tx: AuditWriter,
  action: `api_key.${string}`,
  keyId: string,
  by: KeyActor,
  details: AuditEntry["details"],
): Promise<void> {
  const actor =
    by === "system"
      ? { actorId: null, actorType: "system" as const }
      : { actorId: by.developerId, actorType: "developer" as const, ip: by.ip };
  return audit(tx, { ...actor, action, targetType: "api_key", targetId: keyId, details });
}
