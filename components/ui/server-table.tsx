"use client";

import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { TableBody } from "@/components/ui/table-body";

/**
 * One page of rows the server already chose (manual pagination: the database pages, not the
 * browser). The region scrolls sideways inside its box on narrow screens.
 */
export function ServerTable<T>({
  label,
  columns,
  rows,
  pageCount,
  page,
  testId,
  empty,
  minWidth = "min-w-[44rem]",
  headClass = "px-4 py-2",
  cellClass,
}: {
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: each column has its own value type, as in tanstack's examples
  columns: ColumnDef<T, any>[];
  rows: T[];
  pageCount: number;
  page: number;
  testId: string;
  empty: string;
  /** Tailwind min-width class of the table: below it, the region scrolls sideways. */
  minWidth?: string;
  headClass?: string;
  cellClass?: string;
}) {
  const table = useReactTable({
    data: rows,
    columns,
    manualPagination: true,
    pageCount,
    state: { pagination: { pageIndex: page - 1, pageSize: rows.length || 1 } },
    getCoreRowModel: getCoreRowModel(),
  });
  return (
    <div
      className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-300">
          {table.getHeaderGroups().map((hg) => (
            <tr key={hg.id}>
              {hg.headers.map((h) => (
                <th key={h.id} scope="col" className={`${headClass} font-medium`}>
                  {flexRender(h.column.columnDef.header, h.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <TableBody table={table} testId={testId} empty={empty} cellClass={cellClass} />
      </table>
    </div>
  );
}
