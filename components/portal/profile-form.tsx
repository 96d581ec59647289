"use client";

import { profilePatchBody } from "@/lib/accounts/schemas";
import { updateProfileAction } from "@/app/(portal)/settings/actions";
import { useValidatedAction } from "@/components/forms/use-validated-action";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

export function ProfileForm({ name, company, canEdit }: { name: string; company: string; canEdit: boolean }) {
  const { state, pending, onSubmit, onBlur, errors, formAction } = useValidatedAction(
    profilePatchBody,
    updateProfileAction,
  );
  return (
    <form
      action={formAction}
      onSubmit={onSubmit}
      onBlur={onBlur}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Profile"
    >
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <Field
        label="Name"
        name="name"
        defaultValue={name}
        autoComplete="name"
        required
        disabled={!canEdit}
        error={errors.name}
      />
      <Field
        label="Company"
        name="company"
        defaultValue={company}
        autoComplete="organization"
        hint="Optional. Leave empty to remove it."
        disabled={!canEdit}
        error={errors.company}
      />
      <div>
        <Button type="submit" pending={pending} pendingText="Saving…" disabled={!canEdit}>
          Save profile
        </Button>
      </div>
    </form>
  );
}
