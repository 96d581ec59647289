import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { getAccountOverview } from "@/lib/support/account-overview";
import { getAccountTimeline } from "@/lib/support/account-timeline";
import { listNotes } from "@/lib/support/notes";
import { FAILED_PANEL_SIZE, recentFailedRequests } from "@/lib/support/failed-requests";
import { accountWebhooks } from "@/lib/support/account-webhooks";
import { accountOrganizations } from "@/lib/support/organizations";
import { pageQuery } from "@/lib/support/schemas";
import { Card, PageHeader } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { UsageChart } from "@/components/portal/usage-chart";
import { AccountActions } from "@/components/support/account-actions";
import { StaffKeys } from "@/components/support/staff-keys";
import { TimelineTable } from "@/components/support/timeline-table";
import { FailedRequestsTable } from "@/components/support/failed-requests-table";
import { NoteForm } from "@/components/support/note-form";
import { Pager } from "@/components/support/pager";
import { Pager as TeamPager } from "@/components/team/pager";
import { day, moment, STATUS_TONE } from "@/components/support/format";
import { requireStaff } from "../../../require-staff";
import { Profile, StatusHistory, Subscription, WebhookEndpoints } from "./sections";
import { Section } from "@/components/ui/section";

export const metadata: Metadata = { title: "Account · Support console" };

const fmt = (n: number) => n.toLocaleString("en-US");

export default async function AccountPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ audit_page?: string; organizations_page?: string }>;
}) {
  const staff = await requireStaff();
  const id = z.uuid().safeParse((await params).id);
  if (!id.success) notFound();
  const search = await searchParams;
  const auditPage = pageQuery.parse(search.audit_page);
  const organizationsPage = pageQuery.parse(search.organizations_page);
  const [account, timeline, notes, failed, webhooks, organizations] = await Promise.all([
    getAccountOverview(id.data),
    getAccountTimeline(id.data, auditPage),
    listNotes(id.data),
    recentFailedRequests(id.data),
    accountWebhooks(id.data),
    accountOrganizations(id.data, organizationsPage),
  ]);
  if (!account) notFound();
  const { profile, usage } = account;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/support" className="text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
          ← Support console
        </Link>
      </p>
      <PageHeader
        title={profile.email}
        description={`${profile.name}${profile.company ? `, ${profile.company}` : ""} · signed up ${day(profile.created_at)}`}
      />
      <div className="mb-4 flex flex-wrap gap-2">
        <Badge tone={STATUS_TONE[profile.status]}>{profile.status}</Badge>
        <Badge tone="indigo">{profile.plan}</Badge>
        {profile.role === "staff" ? <Badge>staff</Badge> : null}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Profile">
          <Profile profile={profile} />
        </Card>
        <Card title="Actions">
          {profile.id === staff.id ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              This is your own account: another staff member acts on it.
            </p>
          ) : (
            <AccountActions profile={profile} />
          )}
        </Card>
        <Card title="Plan and billing">
          <Subscription plan={profile.plan} billing={account.billing} />
        </Card>
        <Card title="Status history">
          <StatusHistory events={account.statusHistory} />
        </Card>
      </div>
      <Card title="Usage" className="mt-4">
        <p className="mb-3 text-sm" data-testid="support-monthly-scans">
          {fmt(usage.current_month.scan_count)} of {fmt(usage.limit)} live scans this month ({usage.current_month.month}
          , UTC).
        </p>
        <UsageChart history={account.history} tryIt={account.tryIt} />
      </Card>
      <Section id="organizations" title={`Organizations (${organizations.total})`} className="mt-6">
        <ul className="flex flex-col gap-1 text-sm" data-testid="support-organizations">
          {organizations.organizations.map((o) => (
            <li key={o.id}>
              <Link href={`/support/organizations/${o.id}`}>{o.name}</Link> · {o.role} · {o.plan}
              {o.personal ? " · personal" : ""}
            </li>
          ))}
        </ul>
        <TeamPager
          label="Organization pages"
          page={organizationsPage}
          total={organizations.total}
          pageSize={organizations.page_size}
          href={(p) => `/support/accounts/${profile.id}?organizations_page=${p}`}
        />
      </Section>
      <Section id="keys" title="API keys (personal organization)" className="mt-6">
        <StaffKeys developerId={profile.id} keys={account.keys} />
      </Section>
      <Section id="timeline" title="Audit timeline" className="mt-6">
        <TimelineTable entries={timeline.entries} page={timeline.page} pageCount={timeline.pageCount} />
        <Pager
          label="Audit timeline pages"
          page={timeline.page}
          pageCount={timeline.pageCount}
          total={timeline.total}
          href={(p) => `/support/accounts/${profile.id}?audit_page=${p}`}
        />
      </Section>
      <Section
        id="failed-requests"
        title="Recent failed requests"
        about={`The ${FAILED_PANEL_SIZE} newest answers with status 400 or above in the request log (kept 30 days). A request id opens the request lookup.`}
        className="mt-6"
      >
        <FailedRequestsTable rows={failed} />
      </Section>
      <Card title="Webhook endpoints" className="mt-6">
        <WebhookEndpoints endpoints={webhooks} />
      </Card>
      <Card title="Internal notes" className="mt-6">
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">Seen by staff only, never by the developer.</p>
        <NoteForm developerId={profile.id} />
        <ul className="mt-4 flex flex-col gap-3" aria-label="Notes">
          {notes.map((n) => (
            <li
              key={n.id}
              className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800"
              data-testid="support-note"
            >
              <p className="whitespace-pre-wrap">{n.body}</p>
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {n.author} · {moment(n.created_at)}
              </p>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}
