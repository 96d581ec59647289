import { db } from "@/lib/db";
import { issueIdToken } from "@/lib/auth/id-token";
import type { MemberRole, Plan } from "@/lib/generated/prisma/enums";
import { ROLES } from "@/lib/teams/roles";
import { developerWithToken } from "./developer-fixtures";

/**
 * A team organization with one member of every role, each with an ID token naming it: the
 * cast of the role tests (docs/teams.md, "Roles"). `signIn` gets the token from the server under
 * test (its signing key is its own); by default it is issued here.
 */
export async function teamWithEveryRole(
  opts: { plan?: Plan; name?: string; signIn?: (email: string, organizationId: string) => Promise<string> } = {},
) {
  const org = await db.organization.create({
    data: { name: opts.name ?? "Acme Health", plan: opts.plan ?? "enterprise" },
  });
  const members = {} as Record<MemberRole, { id: string; email: string; token: string }>;
  for (const role of ROLES) {
    const { dev } = await developerWithToken();
    await db.membership.create({ data: { organizationId: org.id, accountId: dev.id, role } });
    const token = opts.signIn
      ? await opts.signIn(dev.email, org.id)
      : (await issueIdToken(dev, new Date(), org.id)).id_token;
    members[role] = { id: dev.id, email: dev.email, token };
  }
  return { org, members };
}
