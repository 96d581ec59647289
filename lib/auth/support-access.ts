// Who may open the support console: staff with two-factor sign-in on. Other staff are sent to
// set it up first; everyone else gets the same 404 as an unknown page.
export type SupportAccess = "allowed" | "enrol" | "not_found";

export const TOTP_SETUP_PATH = "/settings/security?required=staff";

export function supportAccess(developer: { role: string; totpEnabledAt: Date | null }): SupportAccess {
  if (developer.role !== "staff") return "not_found";
  return developer.totpEnabledAt ? "allowed" : "enrol";
}
