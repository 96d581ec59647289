"use client";

import { forgotPasswordBody } from "@/lib/accounts/schemas";
import { forgotPasswordAction } from "@/app/(auth)/forgot-password/actions";
import { useValidatedAction } from "@/components/forms/use-validated-action";
import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";

export function ForgotPasswordForm() {
  const { state, pending, onSubmit, onBlur, errors, formAction } = useValidatedAction(
    forgotPasswordBody,
    forgotPasswordAction,
  );
  if (state.ok)
    return (
      <Alert tone="success" title="Check your inbox">
        {state.message}
      </Alert>
    );
  return (
    <form
      action={formAction}
      onSubmit={onSubmit}
      onBlur={onBlur}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Request a password reset"
    >
      {state.message ? <Alert tone="error">{state.message}</Alert> : null}
      <Field label="E-mail" name="email" type="email" autoComplete="email" required error={errors.email} />
      <Button type="submit" pending={pending} pendingText="Sending…">
        Send reset link
      </Button>
    </form>
  );
}
