"use client";

import { useValidatedAction } from "@/components/forms/use-validated-action";
import { ValidatedForm } from "@/components/forms/validated-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { createOrganizationAction, inviteAction } from "@/lib/actions/portal/team";
import { ROLES } from "@/lib/teams/roles";
import { createOrganizationBody, inviteBody } from "@/lib/teams/schemas";

export function InviteForm({ canInviteOwner }: { canInviteOwner: boolean }) {
  const form = useValidatedAction(inviteBody, inviteAction);
  const roles = ROLES.filter((r) => canInviteOwner || (r !== "owner" && r !== "admin"));
  return (
    <ValidatedForm form={form} aria-label="Invite a member">
      <Field label="E-mail address" name="email" type="email" autoComplete="off" required error={form.errors.email} />
      <label className="flex flex-col gap-1 text-sm font-medium">
        Role
        <select
          name="role"
          defaultValue="developer"
          className="rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
        >
          {roles.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <div>
        <Button type="submit" pending={form.pending} pendingText="Sending…">
          Send invitation
        </Button>
      </div>
    </ValidatedForm>
  );
}

export function CreateOrganizationForm() {
  const form = useValidatedAction(createOrganizationBody, createOrganizationAction);
  return (
    <ValidatedForm form={form} aria-label="New organization">
      <Field label="Organization name" name="name" autoComplete="organization" required error={form.errors.name} />
      <div>
        <Button type="submit" variant="secondary" pending={form.pending} pendingText="Creating…">
          Create organization
        </Button>
      </div>
    </ValidatedForm>
  );
}
