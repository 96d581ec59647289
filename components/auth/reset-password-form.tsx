"use client";

import { resetPasswordBody } from "@/lib/accounts/schemas";
import { resetPasswordAction } from "@/lib/actions/auth/reset-password";
import { useValidatedAction } from "@/components/forms/use-validated-action";
import { ValidatedForm } from "@/components/forms/validated-form";
import { NewPasswordField } from "@/components/auth/new-password-field";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";

export function ResetPasswordForm({ token }: { token: string }) {
  const form = useValidatedAction(resetPasswordBody, resetPasswordAction);
  const { pending, errors } = form;
  return (
    <ValidatedForm form={form} aria-label="Choose a new password">
      {errors.token ? <Alert tone="error">This reset link is malformed. Ask for a new one.</Alert> : null}
      <input type="hidden" name="token" value={token} />
      <NewPasswordField label="New password" error={errors.password} />
      <Button type="submit" pending={pending} pendingText="Saving…">
        Set new password
      </Button>
    </ValidatedForm>
  );
}
