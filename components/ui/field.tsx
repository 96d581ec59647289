import type { InputHTMLAttributes } from "react";
import { Labelled } from "./label";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  error?: string;
  hint?: string;
};

/** A labelled input whose error and hint are tied to it for screen readers. */
export function Field({ label, name, error, hint, id, className, ...input }: FieldProps) {
  const inputId = id ?? `field-${name}`;
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(" ");
  return (
    <Labelled id={inputId} label={label} className="flex flex-col gap-1">
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`w-full rounded-md border bg-white px-3 py-2 text-base shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:bg-slate-900 ${
          error ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-700"
        } ${className ?? ""}`}
        {...input}
      />
      {hint && !error ? (
        <p id={`${inputId}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </Labelled>
  );
}
