"use client";

import { resetPasswordBody } from "@/lib/accounts/schemas";
import { resetPasswordAction } from "@/app/(auth)/reset-password/actions";
import { useValidatedAction } from "@/components/forms/use-validated-action";
import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";

export function ResetPasswordForm({ token }: { token: string }) {
  const { state, pending, onSubmit, onBlur, errors, formAction } = useValidatedAction(resetPasswordBody, resetPasswordAction);
  return (
    <form action={formAction} onSubmit={onSubmit} onBlur={onBlur} noValidate className="flex flex-col gap-4" aria-label="Choose a new password">
      {state.message ? <Alert tone="error">{state.message}</Alert> : null}
      {errors.token ? <Alert tone="error">This reset link is malformed. Ask for a new one.</Alert> : null}
      <input type="hidden" name="token" value={token} />
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 12 characters; avoid common passwords."
        error={errors.password}
      />
      <Button type="submit" pending={pending} pendingText="Saving…">
        Set new password
      </Button>
    </form>
  );
}
