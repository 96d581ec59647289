"use client";

import Link from "next/link";
import { createColumnHelper } from "@tanstack/react-table";
import type { QueueRow } from "@/lib/support/queues";
import { Badge } from "@/components/ui/badge";
import { ServerTable } from "@/components/ui/server-table";
import { day, STATUS_TONE } from "./format";

const col = createColumnHelper<QueueRow>();

const BASE = [
  col.accessor("email", {
    header: "Account",
    cell: (c) => (
      <Link
        href={`/support/accounts/${c.row.original.id}`}
        className="font-medium break-all text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
      >
        {c.getValue()}
      </Link>
    ),
  }),
  col.accessor("name", {
    header: "Name",
    cell: (c) => `${c.getValue()}${c.row.original.company ? `, ${c.row.original.company}` : ""}`,
  }),
  col.accessor("status", {
    header: "Status",
    cell: (c) => <Badge tone={STATUS_TONE[c.getValue()]}>{c.getValue()}</Badge>,
  }),
  col.accessor("plan", { header: "Plan", cell: (c) => <Badge tone="indigo">{c.getValue()}</Badge> }),
  col.accessor("email_verified", { header: "E-mail", cell: (c) => (c.getValue() ? "verified" : "not verified") }),
  col.accessor("created_at", { header: "Signed up", cell: (c) => day(c.getValue()) }),
];

const SCANS = col.accessor("scans", {
  header: "Scans this month",
  cell: (c) => {
    const s = c.getValue();
    return s
      ? `${s.count.toLocaleString("en-US")} / ${s.limit.toLocaleString("en-US")} (${Math.floor((s.count / s.limit) * 100)}%)`
      : "—";
  },
});

const FAILURES = [
  col.accessor((r) => r.failures?.count, {
    id: "failures",
    header: "Failed requests (24 h)",
    cell: (c) => c.getValue()?.toLocaleString("en-US") ?? "—",
  }),
  col.accessor((r) => r.failures?.top_error, {
    id: "top_error",
    header: "Most common error",
    cell: (c) => <code className="font-mono text-xs">{c.getValue() ?? "—"}</code>,
  }),
];

const EXTRA = { scans: [SCANS], failures: FAILURES, none: [] };

export function QueueTable({
  label,
  rows,
  page,
  pageCount,
  extra = "none",
}: {
  label: string;
  rows: QueueRow[];
  page: number;
  pageCount: number;
  extra?: keyof typeof EXTRA;
}) {
  return (
    <ServerTable
      label={label}
      columns={[...BASE, ...EXTRA[extra]]}
      rows={rows}
      page={page}
      pageCount={pageCount}
      testId="queue-row"
      empty="No account in this queue."
    />
  );
}
