"use client";

import { createEndpointAction, type EndpointWithSecret } from "@/lib/actions/portal/webhooks";
import { endpointFormCheck, endpointInput } from "@/lib/actions/portal/webhook-form";
import { useValidatedAction } from "@/components/forms/use-validated-action";
import { ValidatedForm } from "@/components/forms/validated-form";
import { EnvironmentFields } from "@/components/portal/environment-fields";
import { Modal } from "@/components/portal/modal";
import { SecretRevealModal } from "@/components/portal/secret-reveal";
import { Button } from "@/components/ui/button";
import { EndpointFields } from "./endpoint-fields";

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
      <SecretRevealModal
        title="Your endpoint's signing secret"
        labelId="created-endpoint-title"
        label={`Signing secret of ${created.endpoint.url}`}
        secret={created.secret}
        copyLabel="Copy signing secret"
        note="Your server checks each delivery's webhook-signature header with it. If you lose it, roll the secret on the endpoint's page."
        onClose={onClose}
      />
    );
  }
  return (
    <Modal title="Add a webhook endpoint" labelId="add-endpoint-title" onClose={onClose}>
      <ValidatedForm form={form} aria-labelledby="add-endpoint-title">
        <EndpointFields errors={errors} selectedEvents={["scan.completed", "scan.failed"]} autoFocus>
          <EnvironmentFields
            test={
              <>
                <span className="font-medium">Test</span>: events of scans made with test keys.
              </>
            }
            live={
              <>
                <span className="font-medium">Live</span>: events of scans made with live keys, and of your live usage.
              </>
            }
            error={errors.environment}
          />
        </EndpointFields>
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
