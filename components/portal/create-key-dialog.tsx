"use client";

import { createKeyBody, MAX_KEY_LIFETIME_DAYS } from "@/lib/accounts/schemas";
import { createKeyAction } from "@/lib/actions/portal/keys";
import { useValidatedAction } from "@/components/forms/use-validated-action";
import { ValidatedForm } from "@/components/forms/validated-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { CreatedKey } from "@/lib/keys/create-key";
import { keyInput } from "@/lib/keys/key-input";
import { EnvironmentFields } from "./environment-fields";
import { Modal } from "./modal";
import { SecretRevealModal } from "./secret-reveal";

const today = () => new Date().toISOString().slice(0, 10);
// The last day the API accepts: the key expires at that day's end (UTC), within the limit.
const lastDay = () => new Date(Date.now() + (MAX_KEY_LIFETIME_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);

export function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const form = useValidatedAction<CreatedKey>(createKeyBody, createKeyAction, {
    optional: ["expires_on"],
    toInput: keyInput,
  });
  const { state, pending, errors } = form;
  const created = state.ok ? state.data : undefined;
  if (created) {
    return (
      <SecretRevealModal
        title="Your new API key"
        labelId="created-key-title"
        label={`${created.name} (${created.environment})`}
        secret={created.key}
        note="We store only a hash of this key. If you lose it, roll it or revoke it and create a new one."
        onClose={onClose}
      />
    );
  }
  return (
    <Modal title="Create an API key" labelId="create-key-title" onClose={onClose}>
      <ValidatedForm form={form} aria-labelledby="create-key-title">
        <Field
          label="Name"
          name="name"
          required
          maxLength={64}
          placeholder="e.g. iOS app production"
          error={errors.name}
          autoFocus
        />
        <EnvironmentFields
          test={
            <>
              <span className="font-medium">Test</span> (ck_test_): free sandbox, fixed synthetic vitals, no quota.
            </>
          }
          live={
            <>
              <span className="font-medium">Live</span> (ck_live_): real measurements; each session uses one monthly
              scan.
            </>
          }
          error={errors.environment}
        />
        <Field
          label="Expires on (optional)"
          name="expires_on"
          type="date"
          min={today()}
          max={lastDay()}
          hint="The key stops working at the end of this day (UTC). Leave empty for no expiry."
          error={errors.expires_at}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={pending} pendingText="Creating…">
            Create key
          </Button>
        </div>
      </ValidatedForm>
    </Modal>
  );
}
