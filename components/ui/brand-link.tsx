import Link from "next/link";

/** The product's name with its mark, linking home (`href`). */
export function BrandLink({ href, className }: { href: string; className: string }) {
  return (
    <Link href={href} className={`font-semibold tracking-tight ${className}`}>
      <span aria-hidden="true" className="mr-1 text-indigo-700 dark:text-indigo-400">
        ♥
      </span>
      Vitals
    </Link>
  );
}
