import { notFound, redirect } from "next/navigation";
import { headers } from "next/headers";
import { currentDeveloper } from "@/lib/auth/current-developer";
import { ipFromHeaders } from "@/lib/auth/request-ip";
import { supportAccess, TOTP_SETUP_PATH } from "@/lib/auth/support-access";
import { requireDeveloper } from "../(portal)/require-developer";
import type { Staff } from "@/lib/support/target";

/**
 * Every support page calls this itself (the layout's check does not stop a page from rendering):
 * signed out goes to sign-in; staff without two-factor sign-in are sent to set it up; anyone
 * else, and staff whose session did not prove a second factor, get the same 404 as an unknown
 * page (lib/auth/support-access.ts).
 */
export async function requireStaff() {
  const developer = await requireDeveloper();
  const access = supportAccess(developer);
  if (access === "enrol") redirect(TOTP_SETUP_PATH);
  if (access !== "allowed") notFound();
  return developer;
}

/** The staff member behind a server action, with the client IP for the audit row; anyone else 404. */
export async function staffActor(): Promise<Staff> {
  const developer = await currentDeveloper();
  if (!developer || supportAccess(developer) !== "allowed") notFound();
  return { id: developer.id, ip: ipFromHeaders(await headers()) };
}
