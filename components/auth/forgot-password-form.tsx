"use client";

import { forgotPasswordBody } from "@/lib/accounts/schemas";
import { forgotPasswordAction } from "@/lib/actions/auth/forgot-password";
import { useValidatedAction } from "@/components/forms/use-validated-action";
import { ValidatedForm } from "@/components/forms/validated-form";
import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";

export function ForgotPasswordForm() {
  const form = useValidatedAction(forgotPasswordBody, forgotPasswordAction);
  const { state, pending, errors } = form;
  if (state.ok)
    return (
      <Alert tone="success" title="Check your inbox">
        {state.message}
      </Alert>
    );
  return (
    <ValidatedForm form={form} aria-label="Request a password reset">
      <Field label="E-mail" name="email" type="email" autoComplete="email" required error={errors.email} />
      <Button type="submit" pending={pending} pendingText="Sending…">
        Send reset link
      </Button>
    </ValidatedForm>
  );
}
