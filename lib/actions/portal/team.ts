"use server";

import { cookies } from "next/headers";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { ORGANIZATION_COOKIE } from "@/lib/auth/current-member";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { formAction, serverAction } from "@/lib/actions/server-action";
import type { FormState } from "@/lib/actions/form-state";
import { memberFor } from "@/lib/teams/member";
import { acceptInvitation, createInvitation, revokeInvitation } from "@/lib/teams/invitations";
import { changeRole, removeMember } from "@/lib/teams/members";
import { createOrganization } from "@/lib/teams/organizations";
import { changeRoleBody, createOrganizationBody, inviteBody } from "@/lib/teams/schemas";

// The portal's team actions (docs/teams.md): each checks the caller's role itself, in lib/teams.

async function actFor(organizationId: string) {
  (await cookies()).set(ORGANIZATION_COOKIE, organizationId, {
    httpOnly: true,
    sameSite: "lax",
    secure: env().APP_URL.startsWith("https:"),
    path: "/",
  });
}

/** Acts for another of the account's organizations from the next page on. */
export const switchOrganizationAction = serverAction("developer", async ({ developer }, organizationId: string) => {
  if (!(await memberFor(developer.id, organizationId)))
    throw new ApiError("FORBIDDEN", "You are not a member of that organization");
  await actFor(organizationId);
  redirect("/dashboard");
});

export const createOrganizationAction = formAction(
  "active developer",
  createOrganizationBody,
  async ({ name }, { developer, ip }): Promise<FormState> => {
    const created = await createOrganization(developer, name, ip);
    await actFor(created.id);
    redirect("/team");
  },
);

export const inviteAction = formAction(
  "member:members.manage",
  inviteBody,
  async (input, { member, actor }): Promise<FormState> => {
    const sent = await createInvitation(member, actor, input);
    revalidatePath("/team");
    return { ok: true, message: `Invitation sent to ${sent.email}.` };
  },
);

export const revokeInvitationAction = serverAction(
  "member:members.manage",
  async ({ member, actor }, id: string): Promise<FormState> => {
    await revokeInvitation(member, actor, id);
    revalidatePath("/team");
    return { ok: true, message: "Invitation revoked." };
  },
);

export const changeRoleAction = serverAction(
  "member:members.manage",
  async ({ member, actor }, accountId: string, role: string): Promise<FormState> => {
    await changeRole(member, actor, accountId, changeRoleBody.parse({ role }).role);
    revalidatePath("/team");
    return { ok: true, message: "Role changed." };
  },
);

/** Removes a member, or leaves (one's own account id): any role may leave. */
export const removeMemberAction = serverAction(
  "member:members.read",
  async ({ member, actor }, accountId: string): Promise<FormState> => {
    await removeMember(member, actor, accountId);
    if (accountId === actor.accountId) {
      (await cookies()).delete(ORGANIZATION_COOKIE);
      redirect("/team");
    }
    revalidatePath("/team");
    return { ok: true, message: "Member removed." };
  },
);

export const acceptInvitationAction = serverAction(
  "active developer",
  async ({ developer, ip }, token: string): Promise<FormState> => {
    const joined = await acceptInvitation(developer, token, ip);
    await actFor(joined.organization_id);
    redirect("/dashboard");
  },
);
