import Link from "next/link";

/** Previous/next links of a list the server pages (lib/teams/paging.ts); `param` names the page in the URL. */
export function Pager({
  label,
  page,
  total,
  pageSize,
  href,
}: {
  label: string;
  page: number;
  total: number;
  pageSize: number;
  href: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-2 flex items-center gap-3 text-sm">
      {page > 1 ? <Link href={href(page - 1)}>Previous</Link> : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? <Link href={href(page + 1)}>Next</Link> : null}
    </nav>
  );
}
