"use client";

import { signupBody } from "@/lib/accounts/schemas";
import { signUpAction } from "@/lib/actions/auth/sign-up";
import { useValidatedAction } from "@/components/forms/use-validated-action";
import { ValidatedForm } from "@/components/forms/validated-form";
import { Field } from "@/components/ui/field";
import { NewPasswordField } from "@/components/auth/new-password-field";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";

export function SignupForm() {
  const form = useValidatedAction(signupBody, signUpAction, {
    optional: ["company"],
  });
  const { state, pending, errors } = form;
  if (state.ok) {
    return (
      <Alert tone="success" title="One more step">
        <p>{state.message ?? `We sent a verification link to ${state.data?.email}.`}</p>
        <p className="mt-2">Open the link we sent to {state.data?.email} to activate your account, then sign in.</p>
      </Alert>
    );
  }
  return (
    <ValidatedForm form={form} aria-label="Sign up">
      <Field label="Name" name="name" autoComplete="name" required error={errors.name} />
      <Field label="Work e-mail" name="email" type="email" autoComplete="email" required error={errors.email} />
      <Field label="Company (optional)" name="company" autoComplete="organization" error={errors.company} />
      <NewPasswordField label="Password" error={errors.password} />
      <Button type="submit" pending={pending} pendingText="Creating account…">
        Create account
      </Button>
    </ValidatedForm>
  );
}
