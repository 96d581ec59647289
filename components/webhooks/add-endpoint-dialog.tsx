"use client";

import { createEndpointAction, type EndpointWithSecret } from "@/lib/actions/portal/webhooks";
import { endpointFormCheck, endpointInput } from "@/lib/actions/portal/webhook-form";
import { useValidatedAction } from "@/components/forms/use-validated-action";
import { ValidatedForm } from "@/components/forms/validated-form";
import { Modal } from "@/components/portal/modal";
import { SecretOnce } from "@/components/portal/secret-once";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { EventTypeFields } from "./event-type-fields";

/** Adds an endpoint, then shows its signing secret the one time it is ever shown. */
export function AddEndpointDialog({ onClose }: { onClose: () => void }) {
  const form = useValidatedAction<EndpointWithSecret>(endpointFormCheck, createEndpointAction, {
    optional: ["description"],
    toInput: endpointInput,
  });
  const { state, pending, errors } = form;
  const created = state.ok ? state.data : undefined;
  if (created) {
    return (
      <Modal title="Your endpoint's signing secret" labelId="created-endpoint-title" onClose={onClose}>
        <SecretOnce
          label={`Signing secret of ${created.endpoint.url}`}
          secret={created.secret}
          copyLabel="Copy signing secret"
          note="Your server checks each delivery's webhook-signature header with it. If you lose it, roll the secret on the endpoint's page."
        />
        <div className="flex justify-end">
          <Button onClick={onClose}>I have saved it</Button>
        </div>
      </Modal>
    );
  }
  return (
    <Modal title="Add a webhook endpoint" labelId="add-endpoint-title" onClose={onClose}>
      <ValidatedForm form={form} aria-labelledby="add-endpoint-title">
        <Field
          label="Endpoint URL"
          name="url"
          type="url"
          required
          maxLength={2048}
          placeholder="https://example.com/webhooks/vitals"
          hint="An https address on the public internet that answers a POST with a 2xx status."
          error={errors.url}
          autoFocus
        />
        <Field
          label="Description (optional)"
          name="description"
          maxLength={200}
          placeholder="e.g. Results for the clinic backend"
          error={errors.description}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Environment</legend>
          <label className="flex items-start gap-2 text-sm">
            <input type="radio" name="environment" value="test" defaultChecked className="mt-1" />
            <span>
              <span className="font-medium">Test</span>: events of scans made with test keys.
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input type="radio" name="environment" value="live" className="mt-1" />
            <span>
              <span className="font-medium">Live</span>: events of scans made with live keys, and of your live usage.
            </span>
          </label>
          {errors.environment ? <p className="text-sm text-red-700 dark:text-red-400">{errors.environment}</p> : null}
        </fieldset>
        <EventTypeFields selected={["scan.completed", "scan.failed"]} error={errors.event_types} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={pending} pendingText="Adding…">
            Add endpoint
          </Button>
        </div>
      </ValidatedForm>
    </Modal>
  );
}
