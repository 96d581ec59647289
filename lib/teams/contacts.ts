import { db } from "@/lib/db";
import type { MemberRole } from "@/lib/generated/prisma/enums";

// Who hears about an organization (docs/teams.md, "Mail"): quota alerts go to owners and billing
// members, a disabled webhook to owners and admins. Bounded: a notice is not a mailing list.
const MAX_RECIPIENTS = 20;

export async function organizationContacts(organizationId: string, roles: MemberRole[]) {
  const rows = await db.membership.findMany({
    where: { organizationId, role: { in: roles } },
    select: { account: { select: { email: true, name: true } } },
    orderBy: { createdAt: "asc" },
    take: MAX_RECIPIENTS,
  });
  return rows.map((r) => r.account);
}
