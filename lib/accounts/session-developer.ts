import { db } from "@/lib/db";
import { WITHOUT_SECRETS, type DeveloperAccount } from "./developer-account";

/**
 * The account behind an ID token or a portal session, or null when the account is gone or its
 * password was reset since the token was issued (sessionVersion moved on). Shared by the
 * bearer-token wrapper and the portal's next-auth callbacks, so both end sessions alike.
 */
export async function developerForSession(
  developerId: string,
  sessionVersion: number,
): Promise<DeveloperAccount | null> {
  const developer = await db.developer.findUnique({ where: { id: developerId }, omit: WITHOUT_SECRETS });
  if (!developer || developer.sessionVersion !== sessionVersion) return null;
  return developer;
}
