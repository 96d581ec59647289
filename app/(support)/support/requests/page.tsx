import type { Metadata } from "next";
import { findRequestForSupport } from "@/lib/request-log/list-requests";
import { PageHeader } from "@/components/ui/card";
import { SearchForm } from "@/components/ui/search-form";
import { requireStaff } from "../../require-staff";

export const metadata: Metadata = { title: "Request lookup" };

// A developer quotes the X-Request-Id of a failed call; staff see what the log kept of it.
export default async function RequestLookupPage({ searchParams }: { searchParams: Promise<{ id?: string }> }) {
  await requireStaff();
  const { id = "" } = await searchParams;
  const found = id ? await findRequestForSupport(id) : null;
  return (
    <>
      <PageHeader
        title="Request lookup"
        description="Find any SDK or API request of the last 30 days by its X-Request-Id."
      />
      <SearchForm name="id" label="Request id" value={id} submit="Look up" mono />
      {found ? (
        <dl
          className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-5 text-sm dark:border-slate-800 dark:bg-slate-900"
          data-testid="request-found"
        >
          <dt className="font-medium">Account</dt>
          <dd>{found.developer.email}</dd>
          <dt className="font-medium">Time (UTC)</dt>
          <dd>{new Date(found.at * 1000).toISOString().replace("T", " ").slice(0, 19)}</dd>
          <dt className="font-medium">Request</dt>
          <dd className="font-mono">
            {found.method} {found.path}
          </dd>
          <dt className="font-medium">Answer</dt>
          <dd>
            {found.status} {found.error ?? ""} in {found.latency_ms} ms
          </dd>
          <dt className="font-medium">Key</dt>
          <dd className="font-mono">{found.key_prefix ? `${found.key_prefix}…` : "ID token"}</dd>
        </dl>
      ) : id ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm dark:border-slate-700">
          No request with id “{id}” in the last 30 days.
        </p>
      ) : null}
    </>
  );
}
