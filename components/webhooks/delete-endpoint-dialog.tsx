"use client";

import { deleteEndpointAction } from "@/lib/actions/portal/webhooks";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import type { EndpointView } from "@/lib/webhooks/endpoints";

/** Deletes the endpoint and its delivery log, once confirmed; the action goes back to the list. */
export function DeleteEndpointDialog({ endpoint, onClose }: { endpoint: EndpointView; onClose: () => void }) {
  return (
    <ConfirmDialog
      title="Delete this endpoint?"
      labelId="delete-endpoint-title"
      keepText="Keep endpoint"
      confirmText="Delete endpoint"
      pendingText="Deleting…"
      act={() => deleteEndpointAction(endpoint.id)}
      onClose={onClose}
    >
      Nothing more is sent to <code className="font-mono">{endpoint.url}</code>, deliveries still waiting are dropped,
      and its delivery log is deleted. This cannot be undone.
    </ConfirmDialog>
  );
}
