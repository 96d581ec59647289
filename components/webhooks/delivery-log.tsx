"use client";

import Link from "next/link";
import { createColumnHelper } from "@tanstack/react-table";
import { ServerTable } from "@/components/ui/server-table";
import type { DeliveryRow } from "@/lib/webhooks/deliveries";
import { lastResponse, utcSecond } from "./delivery-format";
import { DeliveryStatus } from "./endpoint-status";

const col = createColumnHelper<DeliveryRow>();

function columns(endpointId: string) {
  return [
    col.accessor("created_at", {
      header: "Time (UTC)",
      // The time opens the delivery: its payload and every attempt.
      cell: (c) => (
        <Link
          href={`/webhooks/${endpointId}/deliveries/${c.row.original.id}`}
          className="font-medium text-indigo-700 underline dark:text-indigo-300"
        >
          {utcSecond(c.getValue())}
        </Link>
      ),
    }),
    col.accessor("event_type", {
      header: "Event",
      cell: (c) => <code className="font-mono text-xs">{c.getValue()}</code>,
    }),
    col.accessor("event_id", {
      header: "Event id",
      cell: (c) => (
        <span className="flex flex-col">
          <code className="font-mono text-xs">{c.getValue()}</code>
          {c.row.original.replay_of ? <span className="text-xs text-slate-600 dark:text-slate-400">replay</span> : null}
        </span>
      ),
    }),
    col.accessor("status", { header: "Status", cell: (c) => <DeliveryStatus status={c.getValue()} /> }),
    col.accessor("attempts", { header: "Attempts", cell: (c) => <span className="tabular-nums">{c.getValue()}</span> }),
    col.display({
      id: "response",
      header: "Last response",
      cell: (c) => (
        <span className="flex flex-col">
          <span>{lastResponse(c.row.original)}</span>
          {c.row.original.last_error ? (
            <span className="max-w-[16rem] truncate text-xs text-slate-600 dark:text-slate-400">
              {c.row.original.last_error}
            </span>
          ) : null}
        </span>
      ),
    }),
  ];
}

/** One page of the endpoint's deliveries, newest first, paged by the last id in the URL. */
export function DeliveryLog({
  endpointId,
  deliveries,
  next,
  paged,
}: {
  endpointId: string;
  deliveries: DeliveryRow[];
  /** The cursor of the next (older) page, if there is one. */
  next: string | null;
  /** Whether this is a page after the newest. */
  paged: boolean;
}) {
  const link =
    "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";
  return (
    <div className="flex flex-col gap-3">
      <ServerTable
        label="Deliveries"
        columns={columns(endpointId)}
        rows={deliveries}
        page={1}
        pageCount={next ? 2 : 1}
        testId="delivery-row"
        empty={paged ? "No older deliveries." : "No deliveries yet. Send a test event to see one."}
        minWidth="min-w-[52rem]"
        headClass="px-3 py-2"
        cellClass="px-3 py-2 whitespace-nowrap"
      />
      {paged || next ? (
        <nav aria-label="Delivery pages" className="flex flex-wrap justify-end gap-2 text-sm">
          {paged ? (
            <Link href={`/webhooks/${endpointId}`} className={link}>
              Newest
            </Link>
          ) : null}
          {next ? (
            <Link href={`/webhooks/${endpointId}?after=${next}`} className={link}>
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
