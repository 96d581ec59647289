import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/card";
import { SimpleTable } from "@/components/ui/simple-table";
import { Pager } from "@/components/team/pager";
import { OrganizationActions } from "@/components/support/organization-actions";
import { day, STATUS_TONE } from "@/components/support/format";
import { organizationForSupport } from "@/lib/support/organizations";
import { pageQuery } from "@/lib/support/schemas";
import { TEAM_PAGE_SIZE } from "@/lib/teams/paging";
import { requireStaff } from "../../../require-staff";

export const metadata: Metadata = { title: "Organization · Support console" };

export default async function OrganizationPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ page?: string }>;
}) {
  await requireStaff();
  const id = z.uuid().safeParse((await params).id);
  if (!id.success) notFound();
  const page = pageQuery.parse((await searchParams).page);
  const org = await organizationForSupport(id.data, page);
  if (!org) notFound();
  return (
    <>
      <PageHeader
        title={org.name}
        description={`${org.personal ? "Personal" : "Team"} organization · made ${day(org.created_at)} · ${org.activeKeys} active keys`}
      />
      <div className="mb-4 flex flex-wrap gap-2">
        <Badge tone={STATUS_TONE[org.status]}>{org.status}</Badge>
        <Badge tone="indigo">{org.plan}</Badge>
      </div>
      {org.personal ? (
        <p className="mb-4 text-sm">A personal organization follows its account: act on the account.</p>
      ) : (
        <div className="mb-4 max-w-md">
          <OrganizationActions id={org.id} status={org.status} />
        </div>
      )}
      <h2 className="mb-2 text-base font-semibold">Members ({org.members.total})</h2>
      <SimpleTable
        label="Members"
        testId="support-members"
        rowTestId="support-member-row"
        headings={["Account", "Role", "Joined"]}
        rows={org.members.members}
        rowKey={(m) => m.account_id}
        cells={(m) => [
          <Link key="account" href={`/support/accounts/${m.account_id}`}>
            {m.email}
          </Link>,
          m.role,
          day(m.joined_at),
        ]}
      />
      <Pager
        label="Member pages"
        page={page}
        total={org.members.total}
        pageSize={TEAM_PAGE_SIZE}
        href={(p) => `/support/organizations/${org.id}?page=${p}`}
      />
    </>
  );
}
