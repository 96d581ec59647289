import { z } from "zod";
import { TEAM_PAGE_SIZE } from "@/lib/teams/paging";
import { ROLES } from "@/lib/teams/roles";

// The organizations, members, invitations and audit endpoints' success bodies, for the
// OpenAPI document (as developer-responses.ts). lib/openapi/team-types.test.ts holds each to
// its handler's answer type. Prose: docs/teams.md.

const unixSeconds = z.number().int().describe("Unix seconds");
const uuid = z.uuid();
const role = z.enum(ROLES);
const plan = z.enum(["starter", "pro", "enterprise"]);

/** The paging fields every team list answers with (docs/teams.md, "Endpoints"). */
const paged = {
  total: z.number().int().describe("Rows in all pages"),
  page: z.number().int(),
  page_size: z.number().int().describe(`Rows a page: ${TEAM_PAGE_SIZE}`),
};

export const organizationListSchema = z.object({
  organizations: z
    .array(
      z.object({
        id: uuid,
        name: z.string(),
        personal: z.boolean().describe("The account's own personal organization"),
        plan,
        role,
        joined_at: unixSeconds,
      }),
    )
    .describe("The personal organization first, then by when the account joined"),
  ...paged,
});

export const createdOrganizationSchema = z.object({
  id: uuid,
  name: z.string(),
  personal: z.boolean().describe("false: a team organization"),
  plan,
  role: z.literal("owner"),
});

export const deletedOrganizationSchema = z.object({ id: uuid, deleted: z.literal(true) });

export const memberListSchema = z.object({
  members: z
    .array(z.object({ account_id: uuid, email: z.string(), name: z.string(), role, joined_at: unixSeconds }))
    .describe("In the order they joined"),
  ...paged,
});

export const memberRoleSchema = z.object({ account_id: z.string(), role });
export const removedMemberSchema = z.object({ account_id: z.string(), removed: z.literal(true) });

export const invitationSchema = z.object({
  id: uuid,
  email: z.string(),
  role,
  created_at: unixSeconds,
  expires_at: unixSeconds,
});

export const invitationListSchema = z.object({
  invitations: z.array(invitationSchema).describe("Pending invitations, newest first"),
  ...paged,
});

export const revokedInvitationSchema = z.object({ id: z.string(), revoked: z.literal(true) });
export const acceptedInvitationSchema = z.object({ organization_id: z.string(), role });

const nullable = z.string().nullable();
export const auditPageSchema = z.object({
  entries: z
    .array(
      z.object({
        id: uuid,
        at: unixSeconds,
        action: z.string().describe("api_key.create, member.role_change, invitation.accept, …"),
        actor: z.union([
          z
            .object({ type: z.literal("member"), account_id: nullable, email: nullable, name: nullable })
            .describe("A person; email and name null once the account is gone"),
          z
            .object({ type: z.string(), account_id: z.null(), email: z.null(), name: z.null() })
            .describe("stripe, system or staff"),
        ]),
        target_type: nullable,
        target_id: nullable,
      }),
    )
    .describe("Newest first"),
  ...paged,
});
