"use client";

import Link from "next/link";
import { createColumnHelper } from "@tanstack/react-table";
import { ServerTable } from "@/components/ui/server-table";
import type { EndpointView } from "@/lib/webhooks/endpoints";
import { EndpointStatus, EnvironmentBadge } from "./endpoint-status";

const col = createColumnHelper<EndpointView>();
const date = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

const columns = [
  col.accessor("url", {
    header: "Endpoint",
    cell: (c) => (
      <span className="flex max-w-[24rem] flex-col gap-0.5 whitespace-normal">
        <Link
          href={`/webhooks/${c.row.original.id}`}
          className="font-mono text-xs font-medium text-indigo-700 underline [overflow-wrap:anywhere] dark:text-indigo-300"
        >
          {c.getValue()}
        </Link>
        {c.row.original.description ? (
          <span className="text-xs text-slate-600 dark:text-slate-400">{c.row.original.description}</span>
        ) : null}
      </span>
    ),
  }),
  col.accessor("environment", { header: "Environment", cell: (c) => <EnvironmentBadge environment={c.getValue()} /> }),
  col.accessor("event_types", {
    header: "Events",
    cell: (c) => (
      <ul className="flex flex-col gap-0.5">
        {c.getValue().map((t) => (
          <li key={t}>
            <code className="font-mono text-xs">{t}</code>
          </li>
        ))}
      </ul>
    ),
  }),
  col.accessor("enabled", { header: "Status", cell: (c) => <EndpointStatus endpoint={c.row.original} /> }),
  col.accessor("created_at", { header: "Created", cell: (c) => date(c.getValue()) }),
];

/** The account's endpoints, oldest first; each links to its page. */
export function EndpointsTable({ endpoints }: { endpoints: EndpointView[] }) {
  return (
    <ServerTable
      label="Webhook endpoints"
      columns={columns}
      rows={endpoints}
      page={1}
      pageCount={1}
      testId="endpoint-row"
      empty="No endpoints yet."
      minWidth="min-w-[48rem]"
      cellClass="px-4 py-2 whitespace-nowrap"
    />
  );
}
