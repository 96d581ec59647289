import { flexRender, type Table } from "@tanstack/react-table";

/** The rows of a tanstack table, or one line saying why there are none. */
export function TableBody<T>({
  table,
  testId,
  empty,
  cellClass = "px-4 py-2",
}: {
  table: Table<T>;
  testId: string;
  empty: string;
  cellClass?: string;
}) {
  const rows = table.getRowModel().rows;
  return (
    <tbody>
      {rows.map((row) => (
        <tr
          key={row.id}
          className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800"
          data-testid={testId}
        >
          {row.getVisibleCells().map((cell) => (
            <td key={cell.id} className={cellClass}>
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </td>
          ))}
        </tr>
      ))}
      {rows.length === 0 ? (
        <tr>
          <td
            colSpan={table.getVisibleLeafColumns().length}
            className="px-4 py-6 text-center text-slate-600 dark:text-slate-400"
          >
            {empty}
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}
