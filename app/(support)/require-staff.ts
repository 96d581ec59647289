import { notFound, redirect } from "next/navigation";
import { supportAccess, TOTP_SETUP_PATH } from "@/lib/auth/support-access";
import { requireDeveloper } from "../(portal)/require-developer";

/**
 * Every support page calls this itself (the layout's check does not stop a page from rendering):
 * signed out goes to sign-in; staff without two-factor sign-in are sent to set it up; anyone
 * else, and staff whose session did not prove a second factor, get the same 404 as an unknown
 * page (lib/auth/support-access.ts). Support server actions answer 404 to
 * anyone but staff (lib/actions/server-action.ts).
 */
export async function requireStaff() {
  const developer = await requireDeveloper();
  const access = supportAccess(developer);
  if (access === "enrol") redirect(TOTP_SETUP_PATH);
  if (access !== "allowed") notFound();
  return developer;
}
