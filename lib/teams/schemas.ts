import { z } from "zod";
import { displayText, emailField } from "@/lib/accounts/schemas";
import { ROLES } from "./roles";

// The teams endpoints' bodies and queries (docs/teams.md), shared by the API and the portal's actions.

const role = z.enum(ROLES);
const page = z.coerce.number().int().min(1).max(10_000).optional();

export const pageQuery = z.object({ page });

export const createOrganizationBody = z.strictObject({
  name: displayText(100),
});

export const inviteBody = z.strictObject({
  email: emailField,
  role,
});

export const changeRoleBody = z.strictObject({ role });

export const acceptInvitationBody = z.strictObject({
  token: z.string().trim().min(16).max(200),
});

export const auditQuery = z.object({ page, member: z.uuid().optional() });
