"use client";

import { createColumnHelper } from "@tanstack/react-table";
import type { TimelineEntry } from "@/lib/support/account-timeline";
import { ServerTable } from "@/components/ui/server-table";
import { moment } from "./format";

const col = createColumnHelper<TimelineEntry>();

const COLUMNS = [
  col.accessor("at", {
    header: "Time",
    cell: (c) => <span className="whitespace-nowrap">{moment(c.getValue())}</span>,
  }),
  col.accessor("actor", { header: "Actor", cell: (c) => <span className="whitespace-nowrap">{c.getValue()}</span> }),
  col.accessor("action", {
    header: "Action",
    cell: (c) => <code className="font-mono text-xs whitespace-nowrap">{c.getValue()}</code>,
  }),
  col.accessor("reason", {
    header: "Reason",
    cell: (c) => <span className="block min-w-[10rem]">{c.getValue() ?? "—"}</span>,
  }),
  col.accessor("ip", {
    header: "Client IP",
    cell: (c) => <span className="whitespace-nowrap">{c.getValue() ?? "—"}</span>,
  }),
  col.accessor("details", {
    header: "Details",
    cell: (c) => (
      <span className="block min-w-[12rem] break-words text-slate-600 dark:text-slate-400">{c.getValue() || "—"}</span>
    ),
  }),
];

export function TimelineTable({
  entries,
  page,
  pageCount,
}: {
  entries: TimelineEntry[];
  page: number;
  pageCount: number;
}) {
  return (
    <ServerTable
      label="Audit timeline"
      columns={COLUMNS}
      rows={entries}
      page={page}
      pageCount={pageCount}
      testId="timeline-row"
      empty="Nothing recorded yet."
    />
  );
}
