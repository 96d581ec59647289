import { cache } from "react";
import { getServerSession } from "next-auth";
import { developerForSession } from "@/lib/accounts/session-developer";
import type { DeveloperAccount } from "@/lib/accounts/developer-account";
import { authOptions } from "./options";

export type PortalDeveloper = DeveloperAccount;

/** The signed-in developer of this request, or null (no session, or one a password reset ended). */
export const currentDeveloper = cache(async (): Promise<PortalDeveloper | null> => {
  const session = (await getServerSession(authOptions)) as { developerId?: string; sessionVersion?: number } | null;
  if (!session?.developerId || typeof session.sessionVersion !== "number") return null;
  return developerForSession(session.developerId, session.sessionVersion);
});
