"use client";
import type { FormEvent, FocusEvent, ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import type { FormState } from "@/lib/actions/form-state";

/** What the form needs of useValidatedAction. */
type ValidatedAction = {
  state: FormState<unknown>;
  formAction: (data: FormData) => void;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onBlur: (e: FocusEvent<HTMLFormElement>) => void;
};

type Labelled = { "aria-label": string } | { "aria-labelledby": string };

/**
 * The shell every validated form shares: the action wired to the client-side checks (on blur
 * and on submit, the browser's own off), and the action's message above the fields.
 */
export function ValidatedForm({ form, children, ...label }: { form: ValidatedAction; children: ReactNode } & Labelled) {
  const { state } = form;
  return (
    <form
      action={form.formAction}
      onSubmit={form.onSubmit}
      onBlur={form.onBlur}
      noValidate
      className="flex flex-col gap-4"
      {...label}
    >
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      {children}
    </form>
  );
}
