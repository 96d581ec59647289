import Link from "next/link";

/** Previous / next links for a server-paginated table; plain links, so they work before hydration. */
export function Pager({
  label,
  page,
  pageCount,
  total,
  href,
}: {
  label: string;
  page: number;
  pageCount: number;
  total: number;
  href: (page: number) => string;
}) {
  const link =
    "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800";
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-slate-600 dark:text-slate-400">
        Page {page} of {pageCount} · {total.toLocaleString("en-US")} in all
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link href={href(page - 1)} className={link} rel="prev">
            Previous
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link href={href(page + 1)} className={link} rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
