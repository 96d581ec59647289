"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, type ReactNode } from "react";
import type { ZodType } from "zod";
import type { FormState } from "@/lib/actions/form-state";
import { useValidatedAction } from "@/components/forms/use-validated-action";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { Variant } from "@/components/ui/button-class";

type Action = (prev: FormState, form: FormData) => Promise<FormState>;

/**
 * A staff action: hidden ids, optional extra fields, a required short reason and one button.
 * Checked with the server's own schema before it is sent; the answer is shown under it.
 */
export function ReasonForm({
  action,
  schema,
  hidden,
  submit,
  variant = "primary",
  children,
  reasonLabel = "Reason",
  field = "reason",
  onDone,
}: {
  action: Action;
  schema: ZodType;
  hidden: Record<string, string>;
  submit: string;
  variant?: Variant;
  children?: ReactNode;
  reasonLabel?: string;
  field?: string;
  /** Told the success message; the form may be gone after the refresh (an approved account has no Approve form). */
  onDone?: (message: string) => void;
}) {
  const router = useRouter();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // The parent hears of success from inside the action: the refreshed page may no longer hold
  // this form (an approved account has no Approve form), so an effect here would never run.
  const { state, pending, onSubmit, errors } = useValidatedAction(schema, async (prev: FormState, data: FormData) => {
    const result = await action(prev, data);
    if (result.ok) onDone?.(result.message ?? "Done.");
    return result;
  });
  useEffect(() => {
    if (state.ok) {
      form.current?.reset();
      router.refresh();
    }
  }, [state, router]);
  const error = errors[field];
  return (
    <form ref={form} onSubmit={onSubmit} className="flex flex-col gap-2" noValidate>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <label htmlFor={`${id}-${field}`} className="text-sm font-medium">
        {reasonLabel}
      </label>
      <textarea
        id={`${id}-${field}`}
        name={field}
        rows={2}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant={variant} pending={pending}>
          {submit}
        </Button>
      </div>
      {state.message && !(state.ok && onDone) ? (
        <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert>
      ) : null}
    </form>
  );
}
