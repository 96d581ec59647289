import { cache } from "react";
import { getServerSession } from "next-auth";
import { authOptions } from "./options";
import { developerForPortalSession, type SessionDeveloper } from "./portal-session";

export type PortalDeveloper = SessionDeveloper;

/** The signed-in developer of this request, or null (no session, or one that was ended). */
export const currentDeveloper = cache(async (): Promise<PortalDeveloper | null> => {
  const session = (await getServerSession(authOptions)) as { sid?: string } | null;
  if (typeof session?.sid !== "string") return null;
  return developerForPortalSession(session.sid);
});
