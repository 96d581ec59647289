"use client";

import Link from "next/link";
import { createColumnHelper } from "@tanstack/react-table";
import type { RequestLogQuery, RequestLogRow } from "@/lib/request-log/schemas";
import { Badge } from "@/components/ui/badge";
import { ServerTable } from "@/components/ui/server-table";

type Log = { requests: RequestLogRow[]; total: number; page: number; page_size: number };

const col = createColumnHelper<RequestLogRow>();
const TONE = (status: number) => (status >= 500 ? "red" : status >= 400 ? "amber" : "green");

const columns = [
  col.accessor("at", {
    header: "Time (UTC)",
    cell: (c) => new Date(c.getValue() * 1000).toISOString().slice(0, 19).replace("T", " "),
  }),
  col.accessor("method", { header: "Method" }),
  col.accessor("path", { header: "Path", cell: (c) => <code className="font-mono text-xs">{c.getValue()}</code> }),
  col.accessor("status", { header: "Status", cell: (c) => <Badge tone={TONE(c.getValue())}>{c.getValue()}</Badge> }),
  col.accessor("error", {
    header: "Error",
    cell: (c) => (c.getValue() ? <code className="font-mono text-xs">{c.getValue()}</code> : "—"),
  }),
  col.accessor("latency_ms", { header: "Latency", cell: (c) => `${c.getValue()} ms` }),
  col.accessor("key_prefix", {
    header: "Key",
    cell: (c) => (c.getValue() ? <code className="font-mono text-xs">{c.getValue()}…</code> : "ID token"),
  }),
  col.accessor("client_reference_id", {
    header: "Reference",
    cell: (c) => (c.getValue() ? <code className="font-mono text-xs">{c.getValue()}</code> : "—"),
  }),
  col.accessor("request_id", {
    header: "Request id",
    cell: (c) => <code className="font-mono text-xs">{c.getValue()}</code>,
  }),
];

function pageHref(query: RequestLogQuery, page: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && k !== "page") params.set(k, String(v));
  params.set("page", String(page));
  return `?${params}`;
}

/** One server-side page of the log: the server filters and pages, the table only renders. */
export function RequestLogTable({ log, query }: { log: Log; query: RequestLogQuery }) {
  const pageCount = Math.max(1, Math.ceil(log.total / log.page_size));
  const link =
    "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";
  return (
    <div className="flex flex-col gap-3">
      <ServerTable
        label="Requests"
        columns={columns}
        rows={log.requests}
        page={log.page}
        pageCount={pageCount}
        testId="request-row"
        empty="No requests match these filters."
        minWidth="min-w-[56rem]"
        headClass="px-3 py-2"
        cellClass="px-3 py-2 whitespace-nowrap"
      />
      <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span data-testid="request-total">
          {log.total.toLocaleString("en-US")} requests, page {log.page} of {pageCount}
        </span>
        <span className="flex gap-2">
          {log.page > 1 ? (
            <Link href={pageHref(query, log.page - 1)} className={link}>
              Previous
            </Link>
          ) : null}
          {log.page < pageCount ? (
            <Link href={pageHref(query, log.page + 1)} className={link}>
              Next
            </Link>
          ) : null}
        </span>
      </nav>
    </div>
  );
}
