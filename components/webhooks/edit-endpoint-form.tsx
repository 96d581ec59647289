"use client";

import { updateEndpointAction } from "@/lib/actions/portal/webhooks";
import type { FormState } from "@/lib/actions/form-state";
import { endpointChanges, endpointFormCheck } from "@/lib/actions/portal/webhook-form";
import { useValidatedAction } from "@/components/forms/use-validated-action";
import { ValidatedForm } from "@/components/forms/validated-form";
import { Button } from "@/components/ui/button";
import type { EndpointView } from "@/lib/webhooks/endpoints";
import { EndpointFields } from "./endpoint-fields";

/** The endpoint's URL, description and events; its environment is fixed at creation. */
export function EditEndpointForm({ endpoint, canManage }: { endpoint: EndpointView; canManage: boolean }) {
  const form = useValidatedAction<EndpointView>(
    endpointFormCheck,
    (_prev: FormState<EndpointView>, data: FormData) => updateEndpointAction(endpoint.id, data),
    { toInput: endpointChanges },
  );
  const { pending, errors } = form;
  return (
    <ValidatedForm form={form} aria-labelledby="edit-endpoint-title">
      <h2 id="edit-endpoint-title" className="text-base font-semibold">
        Edit endpoint
      </h2>
      <EndpointFields errors={errors} endpoint={endpoint} selectedEvents={endpoint.event_types} />
      <div className="flex justify-end">
        <Button type="submit" pending={pending} pendingText="Saving…" disabled={!canManage}>
          Save changes
        </Button>
      </div>
    </ValidatedForm>
  );
}
