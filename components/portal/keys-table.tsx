"use client";

import { useMemo, useState } from "react";
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnFiltersState,
  type SortingState,
} from "@tanstack/react-table";
import { Badge } from "@/components/ui/badge";
import { TableBody } from "@/components/ui/table-body";
import type { ListedKey } from "@/lib/keys/list-keys";
import { utcMinute } from "./utc-minute";
import { Labelled } from "@/components/ui/label";

const col = createColumnHelper<ListedKey>();
const date = (s: number | null, none = "—") => (s ? new Date(s * 1000).toISOString().slice(0, 10) : none);
const STATE_TONE: Record<string, "green" | "red" | "amber" | "neutral"> = {
  active: "green",
  revoked: "red",
  expired: "amber",
};

const ACTION_TONES = {
  indigo: "text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-950",
  red: "text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950",
};

function RowAction({
  label,
  name,
  tone,
  onClick,
}: {
  label: string;
  name: string;
  tone: keyof typeof ACTION_TONES;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`rounded-md px-2 py-1 text-sm font-medium ${ACTION_TONES[tone]}`}
      aria-label={`${label} ${name}`}
    >
      {label}
    </button>
  );
}

function columns(onRevoke?: (k: ListedKey) => void, onRoll?: (k: ListedKey) => void) {
  return [
    col.accessor("name", { header: "Name", cell: (c) => <span className="font-medium">{c.getValue()}</span> }),
    col.accessor("environment", {
      header: "Environment",
      filterFn: "equals",
      cell: (c) => <Badge tone={c.getValue() === "live" ? "indigo" : "neutral"}>{c.getValue()}</Badge>,
    }),
    col.accessor("prefix", {
      header: "Key",
      enableSorting: false,
      cell: (c) => (
        <span className="flex flex-col">
          <code className="font-mono text-xs">{c.getValue()}…</code>
          {c.row.original.previous_valid_until ? (
            <span className="text-xs text-amber-800 dark:text-amber-300" data-testid="previous-secret">
              old {c.row.original.previous_prefix}… until {utcMinute(c.row.original.previous_valid_until)}
            </span>
          ) : null}
        </span>
      ),
    }),
    col.accessor("created_at", { header: "Created", cell: (c) => date(c.getValue()) }),
    col.accessor("created_by", { header: "Created by", cell: (c) => c.getValue() ?? "—" }),
    col.accessor("last_used_at", {
      header: "Last used",
      sortUndefined: "last",
      cell: (c) => date(c.getValue(), "Never"),
    }),
    col.accessor("expires_at", { header: "Expires", cell: (c) => date(c.getValue(), "Never") }),
    col.accessor("state", {
      header: "State",
      filterFn: "equals",
      cell: (c) => <Badge tone={STATE_TONE[c.getValue()] ?? "neutral"}>{c.getValue()}</Badge>,
    }),
    col.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: (c) =>
        c.row.original.state === "active" ? (
          <span className="flex gap-1">
            {onRoll ? (
              <RowAction label="Roll" name={c.row.original.name} tone="indigo" onClick={() => onRoll(c.row.original)} />
            ) : null}
            {onRevoke ? (
              <RowAction
                label="Revoke"
                name={c.row.original.name}
                tone="red"
                onClick={() => onRevoke(c.row.original)}
              />
            ) : null}
          </span>
        ) : null,
    }),
  ];
}

function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: string[];
  onChange: (v: string) => void;
}) {
  return (
    <Labelled id={id} label={label} className="flex items-center gap-2">
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
      >
        <option value="">All</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/** Sortable, filterable keys; the table scrolls inside its box on narrow screens. */
export function KeysTable({
  keys,
  onRevoke,
  onRoll,
}: {
  keys: ListedKey[];
  onRevoke?: (k: ListedKey) => void;
  onRoll?: (k: ListedKey) => void;
}) {
  const [sorting, setSorting] = useState<SortingState>([{ id: "created_at", desc: true }]);
  const [filters, setFilters] = useState<ColumnFiltersState>([]);
  const cols = useMemo(() => columns(onRevoke, onRoll), [onRevoke, onRoll]);
  const table = useReactTable({
    data: keys,
    columns: cols,
    state: { sorting, columnFilters: filters },
    onSortingChange: setSorting,
    onColumnFiltersChange: setFilters,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
  });
  const filterValue = (id: string) => (filters.find((f) => f.id === id)?.value as string) ?? "";
  const setFilter = (id: string) => (v: string) => table.getColumn(id)?.setFilterValue(v || undefined);

  if (keys.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
        <p className="font-medium">No API keys yet</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Create a test key to try the sandbox for free.
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-4" role="group" aria-label="Filter keys">
        <FilterSelect
          id="filter-env"
          label="Environment"
          value={filterValue("environment")}
          options={["test", "live"]}
          onChange={setFilter("environment")}
        />
        <FilterSelect
          id="filter-state"
          label="State"
          value={filterValue("state")}
          options={["active", "revoked", "expired"]}
          onChange={setFilter("state")}
        />
      </div>
      <div
        className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
        tabIndex={0}
        role="region"
        aria-label="API keys"
      >
        <table className="w-full min-w-[44rem] text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-300">
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => {
                  const sorted = h.column.getIsSorted();
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      className="px-4 py-2 font-medium"
                      aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
                    >
                      {h.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={h.column.getToggleSortingHandler()}
                          className="inline-flex items-center gap-1 hover:underline"
                        >
                          {flexRender(h.column.columnDef.header, h.getContext())}
                          <span aria-hidden="true">{sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}</span>
                        </button>
                      ) : (
                        flexRender(h.column.columnDef.header, h.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <TableBody
            table={table}
            testId="key-row"
            empty="No keys match these filters."
            cellClass="px-4 py-2 whitespace-nowrap"
          />
        </table>
      </div>
    </div>
  );
}
