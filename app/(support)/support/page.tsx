import type { Metadata } from "next";
import { findDevelopers } from "@/lib/support/find-developers";
import { PageHeader } from "@/components/ui/card";
import { buttonClass } from "@/components/ui/button-class";
import { AccountList } from "@/components/support/account-list";

export const metadata: Metadata = { title: "Support console" };

export default async function SupportPage({ searchParams }: { searchParams: Promise<{ q?: string }> }) {
  const { q = "" } = await searchParams;
  const results = await findDevelopers(q);
  return (
    <>
      <PageHeader title="Support console" description="Find a developer account; approve, suspend or reinstate it, or change its plan. Every change is audit-logged." />
      <form role="search" method="get" className="mb-6 flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor="q" className="text-sm font-medium">
            E-mail, name or company
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={q}
            className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
          />
        </div>
        <button type="submit" className={buttonClass("primary")}>
          Search
        </button>
      </form>
      {q ? (
        results.length ? (
          <AccountList accounts={results} />
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm dark:border-slate-700">No account matches “{q}”.</p>
        )
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Search to see accounts.</p>
      )}
    </>
  );
}
