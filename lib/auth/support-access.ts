// Who may open the support console: staff whose sign-in in this session proved a second
// factor. Staff without one are sent to set it up (after proving a code mailed to them); staff
// who have one but signed in without it (a session from before it was on) get the same 404 as
// everyone else, as for an unknown page (docs/support.md, "Access").
export type SupportAccess = "allowed" | "enrol" | "not_found";

export const TOTP_SETUP_PATH = "/settings/security?required=staff";

export function supportAccess(developer: {
  role: string;
  status: string;
  totpEnabledAt: Date | null;
  portalSession: { secondFactor: boolean };
}): SupportAccess {
  if (developer.role !== "staff" || developer.status !== "active") return "not_found";
  if (!developer.totpEnabledAt) return "enrol";
  return developer.portalSession.secondFactor ? "allowed" : "not_found";
}
