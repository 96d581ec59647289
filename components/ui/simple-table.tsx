import type { ReactNode } from "react";

const CELL = "px-3 py-2 align-top";

/**
 * A server-rendered table of a page of rows: headings, one row per item, in a region that
 * scrolls sideways on narrow screens (reachable by keyboard). A heading of null is an unnamed
 * actions column (named for screen readers only).
 */
export function SimpleTable<T>({
  label,
  testId,
  rowTestId,
  headings,
  rows,
  rowKey,
  cells,
}: {
  label: string;
  testId: string;
  rowTestId: string;
  headings: (string | null)[];
  rows: T[];
  rowKey: (row: T) => string;
  cells: (row: T) => ReactNode[];
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800"
    >
      <table className="w-full min-w-[32rem] text-left text-sm" data-testid={testId}>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-800">
            {headings.map((h, i) => (
              <th key={h ?? `actions-${i}`} className={CELL}>
                {h ?? <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId} className="border-b border-slate-100 last:border-0">
              {cells(row).map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns, in order
                <td key={i} className={CELL}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
