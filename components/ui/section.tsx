import type { ReactNode } from "react";

/** A titled region of a page; its heading names it for screen readers. `about` is a line under the heading. */
export function Section({
  id,
  title,
  about,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  about?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <h2 id={`${id}-title`} className={about ? "text-base font-semibold" : "mb-2 text-base font-semibold"}>
        {title}
      </h2>
      {about ? <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{about}</p> : null}
      {children}
    </section>
  );
}
