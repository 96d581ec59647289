import type { Metadata } from "next";
import { requireMember } from "../require-member";
import { listKeys } from "@/lib/keys/list-keys";
import { listRequests } from "@/lib/request-log/list-requests";
import { requestLogQuery } from "@/lib/request-log/schemas";
import { PageHeader } from "@/components/ui/card";
import { Alert } from "@/components/ui/alert";
import { RequestLogFilters } from "@/components/request-log/request-log-filters";
import { RequestLogTable } from "@/components/request-log/request-log-table";

export const metadata: Metadata = { title: "Request log" };

type Search = Record<string, string | string[] | undefined>;

export default async function RequestLogPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { member } = await requireMember("requests.read");
  const org = member.organization;
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const parsed = requestLogQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : {};
  const [log, keys] = await Promise.all([listRequests(org.id, query), listKeys(org.id)]);
  return (
    <>
      <PageHeader
        title="Request log"
        description="Every SDK and API request of your account in the last 30 days: no bodies, no secrets, no health data."
      />
      <div className="flex flex-col gap-4">
        <RequestLogFilters query={query} keys={keys.map((k) => ({ id: k.id, label: `${k.name} (${k.prefix}…)` }))} />
        {parsed.success ? null : <Alert tone="warning">Some filters were not valid and were ignored.</Alert>}
        <RequestLogTable log={log} query={query} />
      </div>
    </>
  );
}
