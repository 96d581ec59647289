import { notFound, redirect } from "next/navigation";
import { currentMember } from "@/lib/auth/current-member";
import { can, type Operation } from "@/lib/teams/roles";

/**
 * The signed-in account and the organization it acts for, or a redirect to sign-in; a page its
 * role may not see is not found (lib/teams/roles.ts). Pages call it themselves, as requireDeveloper.
 */
export async function requireMember(operation: Operation) {
  const found = await currentMember();
  if (!found) redirect("/login");
  if (!can(found.member.role, operation)) notFound();
  return found;
}
