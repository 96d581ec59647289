import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/card";
import { Section } from "@/components/ui/section";
import { Badge } from "@/components/ui/badge";
import { SimpleTable } from "@/components/ui/simple-table";
import { day } from "@/components/support/format";
import { Pager } from "@/components/team/pager";
import { CreateOrganizationForm, InviteForm } from "@/components/team/team-forms";
import { MemberActions, RevokeInvitation, SwitchOrganization } from "@/components/team/team-actions";
import { listInvitations } from "@/lib/teams/invitations";
import { listMembers } from "@/lib/teams/members";
import { listOrganizations } from "@/lib/teams/organizations";
import { TEAM_PAGE_SIZE } from "@/lib/teams/paging";
import { can } from "@/lib/teams/roles";
import { requireMember } from "../require-member";

export const metadata: Metadata = { title: "Team" };

type Search = { page?: string; invitations?: string; organizations?: string };
const pageOf = (v: string | undefined) => Math.min(10_000, Math.max(1, Number.parseInt(v ?? "1", 10) || 1));

export default async function TeamPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const { developer, member } = await requireMember("members.read");
  const org = member.organization;
  const page = {
    members: pageOf(search.page),
    invitations: pageOf(search.invitations),
    orgs: pageOf(search.organizations),
  };
  const [members, invitations, organizations] = await Promise.all([
    listMembers(org.id, page.members),
    listInvitations(org.id, page.invitations),
    listOrganizations(developer.id, page.orgs),
  ]);
  const canManage = can(member.role, "members.manage");
  const canOwn = can(member.role, "organization.own");
  const link = (p: Partial<Record<keyof Search, number>>) =>
    `/team?${new URLSearchParams(
      Object.entries({ page: page.members, invitations: page.invitations, organizations: page.orgs, ...p }).map(
        ([k, v]) => [k, String(v)],
      ),
    )}`;
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={org.name}
        description={`You are ${member.role} here. Keys, usage, plan, billing, webhooks and the request log belong to the organization.`}
      />
      <Section id="members" title={`Members (${members.total})`}>
        <SimpleTable
          label="Members"
          testId="members"
          rowTestId="member-row"
          headings={["Member", "Role", "Joined", null]}
          rows={members.members}
          rowKey={(m) => m.account_id}
          cells={(m) => [
            <>
              {m.name}
              <div className="text-slate-600 dark:text-slate-400">{m.email}</div>
            </>,
            <Badge key="role" tone="neutral">
              {m.role}
            </Badge>,
            day(m.joined_at),
            <MemberActions
              key="actions"
              accountId={m.account_id}
              email={m.email}
              role={m.role}
              self={m.account_id === developer.id}
              canManage={canManage}
              canOwn={canOwn}
            />,
          ]}
        />
        <Pager
          label="Member pages"
          page={page.members}
          total={members.total}
          pageSize={TEAM_PAGE_SIZE}
          href={(p) => link({ page: p })}
        />
        {can(member.role, "audit.read") ? (
          <p className="mt-2 text-sm">
            <Link href="/team/audit">Audit trail: who did what</Link>
          </p>
        ) : null}
      </Section>

      <Section id="invitations" title={`Pending invitations (${invitations.total})`}>
        {invitations.invitations.length ? (
          <ul className="flex flex-col gap-2" data-testid="invitations">
            {invitations.invitations.map((i) => (
              <li key={i.id} data-testid="invitation-row" className="flex flex-wrap items-center gap-3 text-sm">
                <span>{i.email}</span>
                <Badge tone="neutral">{i.role}</Badge>
                <span className="text-slate-600 dark:text-slate-400">
                  expires {new Date(i.expires_at * 1000).toISOString().slice(0, 10)}
                </span>
                {canManage ? <RevokeInvitation id={i.id} email={i.email} /> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">No pending invitations.</p>
        )}
        <Pager
          label="Invitation pages"
          page={page.invitations}
          total={invitations.total}
          pageSize={TEAM_PAGE_SIZE}
          href={(p) => link({ invitations: p })}
        />
        {canManage ? (
          <div className="mt-4 max-w-md">
            <InviteForm canInviteOwner={canOwn} />
          </div>
        ) : null}
      </Section>

      <Section id="organizations" title="Your organizations">
        <ul className="flex flex-col gap-2" data-testid="organizations">
          {organizations.organizations.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center gap-3 text-sm">
              <span>{o.name}</span>
              <Badge tone="neutral">{o.role}</Badge>
              {o.personal ? <Badge tone="indigo">personal</Badge> : null}
              {o.id === org.id ? <span>(acting for it now)</span> : <SwitchOrganization id={o.id} name={o.name} />}
            </li>
          ))}
        </ul>
        <Pager
          label="Organization pages"
          page={page.orgs}
          total={organizations.total}
          pageSize={TEAM_PAGE_SIZE}
          href={(p) => link({ organizations: p })}
        />
        <div className="mt-4 max-w-md">
          <CreateOrganizationForm />
        </div>
      </Section>
    </div>
  );
}
