import { db } from "@/lib/db";
import { listMembers } from "@/lib/teams/members";
import { listOrganizations } from "@/lib/teams/organizations";
import { unixSeconds } from "@/lib/time";

// The support console's view of teams (docs/support.md): an account's organizations, and an
// organization with its members. Read only; paged as the portal's lists are.

export const accountOrganizations = (accountId: string, page = 1) => listOrganizations(accountId, page);

export async function organizationForSupport(id: string, page = 1) {
  const org = await db.organization.findUnique({
    where: { id },
    select: { id: true, name: true, personal: true, status: true, plan: true, createdAt: true, stripeCustomerId: true },
  });
  if (!org) return null;
  const [members, keys] = await Promise.all([
    listMembers(id, page),
    db.apiKey.count({ where: { developerId: id, revokedAt: null } }),
  ]);
  return { ...org, created_at: unixSeconds(org.createdAt), members, activeKeys: keys };
}
