import { cookies } from "next/headers";
import { cache } from "react";
import { memberFor, type Member } from "@/lib/teams/member";
import { currentDeveloper, type PortalDeveloper } from "./current-developer";

// The portal's chosen organization is a cookie naming it; the membership is read on every
// request, so a member removed from it is back in their personal organization on their next one.
export const ORGANIZATION_COOKIE = "vitals-org";

/** `stale`: the cookie names an organization the account is no longer in (the member falls back to the personal one). */
export type PortalMember = { developer: PortalDeveloper; member: Member; stale?: boolean };

/** The signed-in account and the organization it acts for in the portal, or null when signed out. */
export const currentMember = cache(async (): Promise<PortalMember | null> => {
  const developer = await currentDeveloper();
  if (!developer) return null;
  const chosen = (await cookies()).get(ORGANIZATION_COOKIE)?.value;
  const chosenMember = chosen ? await memberFor(developer.id, chosen) : null;
  const member = chosenMember ?? (await memberFor(developer.id));
  return member ? { developer, member, stale: Boolean(chosen) && !chosenMember } : null;
});
