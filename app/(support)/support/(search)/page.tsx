import type { Metadata } from "next";
import Link from "next/link";
import { findDevelopers } from "@/lib/support/find-developers";
import { listQueue } from "@/lib/support/queues";
import { FAILED_REQUESTS_THRESHOLD, queueQuery, type QueueName } from "@/lib/support/schemas";
import { env } from "@/lib/env";
import { PageHeader } from "@/components/ui/card";
import { SearchForm } from "@/components/ui/search-form";
import { QueueTable } from "@/components/support/queue-table";
import { Pager } from "@/components/support/pager";
import { requireStaff } from "../../require-staff";
import { Section } from "@/components/ui/section";

export const metadata: Metadata = { title: "Support console" };

const TABS: { queue: QueueName; label: string; about: string }[] = [
  {
    queue: "approval",
    label: "Awaiting approval",
    about: "Verified accounts waiting for staff approval (REQUIRE_APPROVAL), longest waiting first.",
  },
  { queue: "newest", label: "Newest sign-ups", about: "Every account, newest first." },
  {
    queue: "quota",
    label: "Over 80% of quota",
    about: "Accounts past 80% of their plan's live scans this UTC month, fullest first.",
  },
  {
    queue: "failing",
    label: "Many failed requests",
    about: `Accounts with at least ${FAILED_REQUESTS_THRESHOLD} answers with status 400 or above in the last 24 hours, most failures first, with their most common error code.`,
  },
  { queue: "suspended", label: "Suspended", about: "Suspended accounts, newest sign-ups first." },
];

export default async function SupportPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  await requireStaff();
  const params = await searchParams;
  const q = (params.q ?? "").slice(0, 200);
  const { queue, page } = queueQuery.parse({ queue: params.queue, page: params.page });
  const tab = TABS.find((t) => t.queue === queue)!;
  const [results, list] = await Promise.all([findDevelopers(q), listQueue(queue, page)]);
  return (
    <>
      <PageHeader
        title="Support console"
        description="Work queues, search, and each account's whole story. Every action asks for a reason and is audit-logged."
      />
      <SearchForm name="q" label="E-mail, name or company" value={q} submit="Search" />
      {q ? (
        <Section id="results" title={`Accounts matching “${q}”`} className="mb-8">
          <QueueTable label="Search results" rows={results} page={1} pageCount={1} />
        </Section>
      ) : null}
      <nav aria-label="Queues" className="mb-3">
        <ul className="flex flex-wrap gap-1">
          {TABS.map((t) => (
            <li key={t.queue}>
              <Link
                href={`/support?queue=${t.queue}`}
                aria-current={t.queue === queue ? "page" : undefined}
                className={`block rounded-md px-3 py-1.5 text-sm font-medium ${
                  t.queue === queue
                    ? "bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
                    : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                }`}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="queue-title">
        <h2 id="queue-title" className="text-base font-semibold">
          {tab.label}
        </h2>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
          {tab.about}
          {queue === "approval" && !env().REQUIRE_APPROVAL
            ? " REQUIRE_APPROVAL is off: new accounts become active when they verify their e-mail."
            : ""}
        </p>
        <QueueTable
          label={tab.label}
          rows={list.rows}
          page={list.page}
          pageCount={list.pageCount}
          extra={queue === "quota" ? "scans" : queue === "failing" ? "failures" : "none"}
        />
        <Pager
          label={`${tab.label} pages`}
          page={list.page}
          pageCount={list.pageCount}
          total={list.total}
          href={(p) => `/support?queue=${queue}&page=${p}`}
        />
      </section>
    </>
  );
}
