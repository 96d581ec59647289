import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/card";
import { Pager } from "@/components/team/pager";
import { listAudit } from "@/lib/teams/audit-trail";
import { listMembers } from "@/lib/teams/members";
import { TEAM_PAGE_SIZE } from "@/lib/teams/paging";
import { auditQuery } from "@/lib/teams/schemas";
import { requireMember } from "../../require-member";

export const metadata: Metadata = { title: "Audit trail" };

const cell = "px-3 py-2 align-top";

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
      <div
        role="region"
        aria-label="Audit trail"
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800"
      >
        <table className="w-full min-w-[36rem] text-left text-sm" data-testid="audit">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-800">
              <th className={cell}>When (UTC)</th>
              <th className={cell}>Who</th>
              <th className={cell}>What</th>
            </tr>
          </thead>
          <tbody>
            {trail.entries.map((e) => (
              <tr key={e.id} data-testid="audit-row" className="border-b border-slate-100 last:border-0">
                <td className={cell}>{new Date(e.at * 1000).toISOString().slice(0, 19).replace("T", " ")}</td>
                <td className={cell}>
                  {e.actor.type === "member" ? (e.actor.email ?? "a former account") : e.actor.type}
                </td>
                <td className={cell}>{e.action}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {trail.entries.length === 0 ? <p className="text-sm">Nothing recorded yet.</p> : null}
      <Pager label="Audit pages" page={trail.page} total={trail.total} pageSize={TEAM_PAGE_SIZE} href={href} />
    </div>
  );
}
