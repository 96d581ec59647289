"use client";

import { startTransition, useActionState, useState, type FocusEvent, type FormEvent } from "react";
import type { ZodType } from "zod";
import { formValues, IDLE, validate, type FormState } from "@/lib/actions/form-state";

type Action<T> = (prev: FormState<T>, form: FormData) => Promise<FormState<T>>;

/**
 * A form that checks itself with the API's own zod schema before it submits (and each filled
 * field as it is left), then runs the action with a pending state and shows the answer.
 */
export function useValidatedAction<T>(
  schema: ZodType,
  action: Action<T>,
  opts: { optional?: string[]; toInput?: (values: Record<string, string>) => unknown } = {},
) {
  const optional = opts.optional ?? [];
  const toInput = opts.toInput ?? ((v: Record<string, string>) => v);
  const [state, dispatch, pending] = useActionState<FormState<T>, FormData>(action, IDLE as FormState<T>);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(0);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const errors = validate(schema, toInput(formValues(data, optional))) ?? {};
    setClientErrors(errors);
    if (Object.keys(errors).length) {
      // Focus the first invalid field in the order the form shows them.
      const first = Array.from(form.elements).find((el) => (el as HTMLInputElement).name in errors);
      (first as HTMLElement | undefined)?.focus();
      return;
    }
    setSubmitted((n) => n + 1);
    startTransition(() => dispatch(data));
  }

  function onBlur(e: FocusEvent<HTMLFormElement>) {
    const target = e.target as unknown as HTMLInputElement;
    if (!target.name || target.value === "") return;
    const errors = validate(schema, toInput(formValues(new FormData(e.currentTarget), optional))) ?? {};
    setClientErrors((prev) => ({ ...prev, [target.name]: errors[target.name] ?? "" }));
  }

  const errors: Record<string, string | undefined> = { ...(submitted ? state.fieldErrors : {}) };
  for (const [k, v] of Object.entries(clientErrors)) errors[k] = v || undefined;
  return { state, pending, onSubmit, onBlur, errors, formAction: dispatch };
}
