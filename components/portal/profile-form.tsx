"use client";

import { profilePatchBody } from "@/lib/accounts/schemas";
import { updateProfileAction } from "@/lib/actions/portal/profile";
import { useValidatedAction } from "@/components/forms/use-validated-action";
import { ValidatedForm } from "@/components/forms/validated-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

export function ProfileForm({ name, company, canEdit }: { name: string; company: string; canEdit: boolean }) {
  const form = useValidatedAction(profilePatchBody, updateProfileAction);
  const { pending, errors } = form;
  return (
    <ValidatedForm form={form} aria-label="Profile">
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
    </ValidatedForm>
  );
}
