import type { ReactNode } from "react";

/** The label above or beside a form control, in the portal's one label style. */
export function Label({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="text-sm font-medium">
      {children}
    </label>
  );
}

/** A form control with its label, laid out by `className` (a column for forms, a row for filters). */
export function Labelled({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
