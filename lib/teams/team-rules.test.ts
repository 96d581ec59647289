import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { db } from "@/lib/db";
import { resetEnv } from "@/lib/env";
import {
  acceptInvitation,
  createInvitation,
  INVITATIONS_PER_HOUR,
  listInvitations,
  revokeInvitation,
} from "./invitations";
import { actorOf, memberFor, type Member } from "./member";
import { changeRole, removeMember } from "./members";
import { createOrganization, deleteOrganization, MAX_CREATED_PER_30_DAYS } from "./organizations";
import { changeOrganizationStatus } from "@/lib/support/staff-actions";
import { findApiKey } from "@/lib/keys/authenticate-key";
import { createKey } from "@/lib/keys/create-key";
import { createDeveloper } from "@/test/fixtures";
import { linkToken, smtpPerSuite } from "@/test/developer-helpers";
import { teamWithEveryRole } from "@/test/team-fixtures";

// The teams rules an attacker leans on (docs/teams.md): caps that outlive deleted organizations,
// roles re-read under the lock, owner-only invitations, suspension by staff.
const smtp = smtpPerSuite();
const IP = "198.51.100.4";

async function memberOf(accountId: string, organizationId: string): Promise<Member> {
  return (await memberFor(accountId, organizationId))!;
}

afterEach(() => {
  resetEnv();
});

describe("teams rules", () => {
  it("an account makes at most 3 organizations in 30 days, deleted ones included", async () => {
    const dev = await createDeveloper();
    for (let i = 0; i < MAX_CREATED_PER_30_DAYS; i++) {
      const org = await createOrganization(dev, `Org ${i}`, IP);
      await deleteOrganization(actorOf(await memberOf(dev.id, org.id), IP));
    }
    await expect(createOrganization(dev, "One more", IP)).rejects.toMatchObject({ code: "RATE_LIMIT_EXCEEDED" });
    expect(await db.membership.count({ where: { accountId: dev.id, organization: { personal: false } } })).toBe(0);
  });

  it("one inviter sends at most 20 invitations an hour across all their organizations", async () => {
    const dev = await createDeveloper();
    const orgs = [await createOrganization(dev, "A", IP), await createOrganization(dev, "B", IP)];
    let sent = 0;
    for (const org of orgs) {
      const member = await memberOf(dev.id, org.id);
      for (let i = 0; i < INVITATIONS_PER_HOUR / 2; i++, sent++)
        await createInvitation(member, actorOf(member, IP), {
          email: `x${sent}-${org.id}@example.test`,
          role: "viewer",
        });
    }
    const member = await memberOf(dev.id, orgs[1]!.id);
    await expect(
      createInvitation(member, actorOf(member, IP), {
        email: `over-${member.organization.id}@example.test`,
        role: "viewer",
      }),
    ).rejects.toMatchObject({ code: "RATE_LIMIT_EXCEEDED" });
  });

  it("a role taken away is taken away for the calls already past the gate", async () => {
    const { org, members } = await teamWithEveryRole({ name: "Race" });
    const second = await createDeveloper();
    await db.membership.create({ data: { organizationId: org.id, accountId: second.id, role: "owner" } });
    // The second owner's request read its role, then the first owner demoted it.
    const stale = await memberOf(second.id, org.id);
    await changeRole(
      await memberOf(members.owner.id, org.id),
      actorOf(await memberOf(members.owner.id, org.id), IP),
      second.id,
      "viewer",
    );
    const attempts = [
      () => changeRole(stale, actorOf(stale, IP), members.viewer.id, "owner"),
      () => createInvitation(stale, actorOf(stale, IP), { email: `o-${org.id}@example.test`, role: "owner" }),
      () => deleteOrganization(actorOf(stale, IP)),
      () => removeMember(stale, actorOf(stale, IP), members.admin.id),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await db.organization.count({ where: { id: org.id } })).toBe(1);
    expect((await memberFor(members.viewer.id, org.id))!.role).toBe("viewer");
  });

  it("an admin neither revokes nor replaces an owner's admin invitation; a removed inviter's invitations end", async () => {
    const { org, members } = await teamWithEveryRole({ name: "Invites" });
    const owner = await memberOf(members.owner.id, org.id);
    const admin = await memberOf(members.admin.id, org.id);
    const adminInvite = await createInvitation(owner, actorOf(owner, IP), {
      email: `future-admin-${org.id}@example.test`,
      role: "admin",
    });
    await expect(revokeInvitation(admin, actorOf(admin, IP), adminInvite.id)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(
      createInvitation(admin, actorOf(admin, IP), { email: adminInvite.email, role: "viewer" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    // What the admin invited ends when the admin is removed.
    await createInvitation(admin, actorOf(admin, IP), { email: `dev-${org.id}@example.test`, role: "developer" });
    expect((await listInvitations(org.id)).total).toBe(2);
    await removeMember(owner, actorOf(owner, IP), members.admin.id);
    const left = await listInvitations(org.id);
    expect(left.invitations.map((i) => i.email)).toEqual([adminInvite.email]);
  });

  it("an invitation is accepted once, only by its verified address, and its link is single use", async () => {
    const { org, members } = await teamWithEveryRole({ name: "Accept" });
    const owner = await memberOf(members.owner.id, org.id);
    const invitee = await createDeveloper();
    const stranger = await createDeveloper();
    await createInvitation(owner, actorOf(owner, IP), { email: invitee.email, role: "developer" });
    const token = linkToken(await smtp.waitFor(invitee.email), "/invitations/accept");
    await expect(acceptInvitation(stranger, token, IP)).rejects.toMatchObject({ code: "FORBIDDEN" });
    const both = await Promise.allSettled([acceptInvitation(invitee, token, IP), acceptInvitation(invitee, token, IP)]);
    expect(both.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((await memberFor(invitee.id, org.id))!.role).toBe("developer");
    await expect(acceptInvitation(invitee, token, IP)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await memberFor(stranger.id, org.id)).toBeNull();
  });

  it("staff suspend a team organization: its keys stop at once; a personal one follows its account", async () => {
    const { org, members } = await teamWithEveryRole({ name: "Suspended" });
    const owner = await memberOf(members.owner.id, org.id);
    const key = await createKey(actorOf(owner, IP), { name: "k", environment: "live" });
    const staff = { id: (await createDeveloper({ role: "staff" })).id, ip: IP };
    await changeOrganizationStatus(staff, { organizationId: org.id, action: "suspend", reason: "abuse report" });
    expect((await findApiKey(key.key))!.developer.status).toBe("suspended");
    await expect(
      changeOrganizationStatus(staff, { organizationId: members.owner.id, action: "suspend", reason: "personal" }),
    ).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "organization.status_change", organizationId: org.id },
    });
    expect(audit).toMatchObject({ actorId: staff.id, actorType: "staff" });
  });

  it("no mail, no invitation: a mail server that is down withdraws it", async () => {
    const { org, members } = await teamWithEveryRole({ name: "No mail" });
    const owner = await memberOf(members.owner.id, org.id);
    const before = process.env.SMTP_URL;
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    resetEnv();
    onTestFinished(() => {
      process.env.SMTP_URL = before;
      resetEnv();
    });
    await expect(
      createInvitation(owner, actorOf(owner, IP), { email: `m-${org.id}@example.test`, role: "viewer" }),
    ).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect((await listInvitations(org.id)).total).toBe(0);
  });
});
