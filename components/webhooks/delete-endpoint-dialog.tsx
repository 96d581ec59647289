"use client";

import { useState, useTransition } from "react";
import { deleteEndpointAction } from "@/lib/actions/portal/webhooks";
import { Modal } from "@/components/portal/modal";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { EndpointView } from "@/lib/webhooks/endpoints";

/** Deletes the endpoint and its delivery log, once confirmed; the action goes back to the list. */
export function DeleteEndpointDialog({ endpoint, onClose }: { endpoint: EndpointView; onClose: () => void }) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string>();
  function remove() {
    startTransition(async () => {
      const res = await deleteEndpointAction(endpoint.id);
      if (!res.ok) setError(res.message);
    });
  }
  return (
    <Modal title="Delete this endpoint?" labelId="delete-endpoint-title" onClose={onClose}>
      <p className="text-sm text-slate-700 dark:text-slate-300 [overflow-wrap:anywhere]">
        Nothing more is sent to <code className="font-mono">{endpoint.url}</code>, deliveries still waiting are dropped,
        and its delivery log is deleted. This cannot be undone.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} autoFocus>
          Keep endpoint
        </Button>
        <Button variant="danger" onClick={remove} pending={pending} pendingText="Deleting…">
          Delete endpoint
        </Button>
      </div>
    </Modal>
  );
}
