import { db } from "@/lib/db";
import { audit } from "@/lib/audit/audit";

/**
 * Ends every session of the account: all portal sessions (this one too) and every ID token
 * (sessionVersion moves on, as a password reset does). Returns how many portal sessions ended.
 */
export async function signOutEverywhere(developerId: string, ip: string): Promise<number> {
  return db.$transaction(async (tx) => {
    await tx.developer.update({ where: { id: developerId }, data: { sessionVersion: { increment: 1 } } });
    const ended = await tx.portalSession.deleteMany({ where: { developerId } });
    await audit(tx, {
      actorId: developerId,
      actorType: "developer",
      action: "developer.sign_out_everywhere",
      targetType: "developer",
      targetId: developerId,
      ip,
      details: { portal_sessions: ended.count },
    });
    return ended.count;
  });
}
