"use client";

import Link from "next/link";
import { createColumnHelper } from "@tanstack/react-table";
import type { RequestLogRow } from "@/lib/request-log/schemas";
import { ServerTable } from "@/components/ui/server-table";
import { moment } from "./format";

const col = createColumnHelper<RequestLogRow>();
const nowrap = (v: string | number | null) => <span className="whitespace-nowrap">{v ?? "—"}</span>;

const COLUMNS = [
  col.accessor("at", { header: "Time", cell: (c) => nowrap(moment(c.getValue())) }),
  col.accessor("method", { header: "Method", cell: (c) => nowrap(c.getValue()) }),
  col.accessor("path", {
    header: "Path",
    cell: (c) => <code className="font-mono text-xs break-all">{c.getValue()}</code>,
  }),
  col.accessor("status", { header: "Status", cell: (c) => nowrap(c.getValue()) }),
  col.accessor("error", {
    header: "Error code",
    cell: (c) => <code className="font-mono text-xs">{c.getValue() ?? "—"}</code>,
  }),
  col.accessor("key_prefix", {
    header: "Key",
    cell: (c) => <code className="font-mono text-xs whitespace-nowrap">{c.getValue() ?? "—"}</code>,
  }),
  col.accessor("request_id", {
    header: "Request id",
    cell: (c) => (
      <Link
        href={`/support/requests?id=${c.getValue()}`}
        className="font-mono text-xs whitespace-nowrap text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
      >
        {c.getValue()}
      </Link>
    ),
  }),
];

export function FailedRequestsTable({ rows }: { rows: RequestLogRow[] }) {
  return (
    <ServerTable
      label="Recent failed requests"
      columns={COLUMNS}
      rows={rows}
      page={1}
      pageCount={1}
      testId="failed-request-row"
      empty="No failed request in the log."
    />
  );
}
