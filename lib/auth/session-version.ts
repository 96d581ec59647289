import { db } from "@/lib/db";

/**
 * The developer a portal session belongs to, or null when that session is no longer valid:
 * the account is gone or its session version moved on (a password reset ends every session).
 */
export async function developerForSession(developerId: string, sessionVersion: number) {
  const developer = await db.developer.findUnique({ where: { id: developerId }, omit: { passwordHash: true } });
  if (!developer || developer.sessionVersion !== sessionVersion) return null;
  return developer;
}

export type PortalDeveloper = NonNullable<Awaited<ReturnType<typeof developerForSession>>>;
