import { Field } from "@/components/ui/field";

/** The password a person chooses (sign-up, reset), with the policy stated up front. */
export function NewPasswordField({ label, error }: { label: string; error?: string }) {
  return (
    <Field
      label={label}
      name="password"
      type="password"
      autoComplete="new-password"
      required
      hint="At least 12 characters; avoid common passwords."
      error={error}
    />
  );
}
