import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/card";
import { SimpleTable } from "@/components/ui/simple-table";
import { Pager } from "@/components/team/pager";
import { listAudit } from "@/lib/teams/audit-trail";
import { listMembers } from "@/lib/teams/members";
import { TEAM_PAGE_SIZE } from "@/lib/teams/paging";
import { auditQuery } from "@/lib/teams/schemas";
import { requireMember } from "../../require-member";

export const metadata: Metadata = { title: "Audit trail" };

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<{ page?: string; member?: string }>;
}) {
  const { member } = await requireMember("audit.read");
  const raw = await searchParams;
  const parsed = auditQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : {};
  const [trail, members] = await Promise.all([
    listAudit(member.organization.id, query),
    listMembers(member.organization.id),
  ]);
  const href = (p: number) =>
    `/team/audit?${new URLSearchParams({ page: String(p), ...(query.member ? { member: query.member } : {}) })}`;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Audit trail"
        description={`Every action in ${member.organization.name}, newest first, with who took it.`}
      />
      <form className="flex flex-wrap items-end gap-2 text-sm" aria-label="Filter by member">
        <label className="flex w-full max-w-md min-w-0 flex-col gap-1 font-medium">
          Member
          <select
            name="member"
            defaultValue={query.member ?? ""}
            className="w-full rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
          >
            <option value="">Everyone</option>
            {members.members.map((m) => (
              <option key={m.account_id} value={m.account_id}>
                {m.name} ({m.email})
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-1 dark:border-slate-700">
          Filter
        </button>
        {query.member ? <Link href="/team/audit">Show everyone</Link> : null}
      </form>
      <SimpleTable
        label="Audit trail"
        testId="audit"
        rowTestId="audit-row"
        headings={["When (UTC)", "Who", "What"]}
        rows={trail.entries}
        rowKey={(e) => e.id}
        cells={(e) => [
          new Date(e.at * 1000).toISOString().slice(0, 19).replace("T", " "),
          e.actor.type === "member" ? (e.actor.email ?? "a former account") : e.actor.type,
          e.action,
        ]}
      />
      {trail.entries.length === 0 ? <p className="text-sm">Nothing recorded yet.</p> : null}
      <Pager label="Audit pages" page={trail.page} total={trail.total} pageSize={TEAM_PAGE_SIZE} href={href} />
    </div>
  );
}
