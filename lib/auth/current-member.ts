import { cookies } from "next/headers";
import { cache } from "react";
import { memberFor, type Member } from "@/lib/teams/member";
import { currentDeveloper, type PortalDeveloper } from "./current-developer";

// The portal's chosen organization is a cookie naming it; the membership is read on every
// request, so a member removed from it is back in their personal organization on their next one.
export const ORGANIZATION_COOKIE = "vitals-org";

export type PortalMember = { developer: PortalDeveloper; member: Member };

/** The signed-in account and the organization it acts for in the portal, or null when signed out. */
export const currentMember = cache(async (): Promise<PortalMember | null> => {
  const developer = await currentDeveloper();
  if (!developer) return null;
  const chosen = (await cookies()).get(ORGANIZATION_COOKIE)?.value;
  const member = (chosen ? await memberFor(developer.id, chosen) : null) ?? (await memberFor(developer.id));
  return member ? { developer, member } : null;
});
