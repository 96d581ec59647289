import type { ReactNode } from "react";
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

/**
 * The layout of a page with a loading.tsx: the role is checked above the page's Suspense
 * boundary, since a page refused inside it would already have streamed 200 (docs/teams.md,
 * "Portal": a page the role may not see is 404).
 */
export function memberOnlyLayout(operation: Operation) {
  return async function MemberOnlyLayout({ children }: { children: ReactNode }) {
    await requireMember(operation);
    return children;
  };
}
