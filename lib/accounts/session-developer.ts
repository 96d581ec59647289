import { db } from "@/lib/db";
import { WITHOUT_SECRETS, type DeveloperAccount } from "./developer-account";

/**
 * The account behind an ID token, or null when the account is gone or its sessions were ended
 * since the token was issued (sessionVersion moved on: a password reset, verification, sign
 * out everywhere). Portal sessions have rows of their own (lib/auth/portal-session.ts).
 */
export async function developerForSession(
  developerId: string,
  sessionVersion: number,
): Promise<DeveloperAccount | null> {
  const developer = await db.developer.findUnique({ where: { id: developerId }, omit: WITHOUT_SECRETS });
  if (!developer || developer.sessionVersion !== sessionVersion) return null;
  return developer;
}
