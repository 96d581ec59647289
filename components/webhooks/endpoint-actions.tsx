"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { sendTestEventAction, setEndpointEnabledAction } from "@/lib/actions/portal/webhooks";
import type { FormState } from "@/lib/actions/form-state";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { EndpointView } from "@/lib/webhooks/endpoints";
import { DeleteEndpointDialog } from "./delete-endpoint-dialog";
import { RollSecretDialog } from "./roll-secret-dialog";

/** Send a test event, turn deliveries off or on, roll the secret, delete: each says how it went. */
export function EndpointActions({ endpoint, canManage }: { endpoint: EndpointView; canManage: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<FormState<unknown>>();
  const [dialog, setDialog] = useState<"roll" | "delete" | null>(null);
  function run(action: () => Promise<FormState<unknown>>) {
    startTransition(async () => {
      const res = await action();
      setResult(res);
      if (res.ok) router.refresh();
    });
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => run(() => sendTestEventAction(endpoint.id))}
          disabled={!canManage || !endpoint.enabled || pending}
          aria-describedby={endpoint.enabled ? undefined : "endpoint-disabled-note"}
        >
          Send test event
        </Button>
        <Button
          variant="secondary"
          onClick={() => run(() => setEndpointEnabledAction(endpoint.id, !endpoint.enabled))}
          disabled={!canManage || pending}
        >
          {endpoint.enabled ? "Disable endpoint" : "Enable endpoint"}
        </Button>
        <Button variant="secondary" onClick={() => setDialog("roll")} disabled={!canManage}>
          Roll secret
        </Button>
        <Button variant="danger" onClick={() => setDialog("delete")} disabled={!canManage}>
          Delete endpoint
        </Button>
      </div>
      {endpoint.enabled ? null : (
        <p id="endpoint-disabled-note" className="text-sm text-slate-700 dark:text-slate-300">
          Nothing is sent to a disabled endpoint, test events included. Enable it to resume deliveries.
        </p>
      )}
      {result?.message ? (
        <div data-testid="endpoint-action-result">
          <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>
        </div>
      ) : null}
      {dialog === "roll" ? <RollSecretDialog endpoint={endpoint} onClose={() => setDialog(null)} /> : null}
      {dialog === "delete" ? <DeleteEndpointDialog endpoint={endpoint} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
