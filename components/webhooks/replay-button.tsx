"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { replayDeliveryAction } from "@/lib/actions/portal/webhooks";
import type { FormState } from "@/lib/actions/form-state";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Sends the delivery's event again (same event id, a new delivery); not while the endpoint is off. */
export function ReplayButton({
  deliveryId,
  endpointEnabled,
  canManage,
}: {
  deliveryId: string;
  endpointEnabled: boolean;
  canManage: boolean;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<FormState<unknown>>();
  function replay() {
    startTransition(async () => {
      const res = await replayDeliveryAction(deliveryId);
      setResult(
        res.ok ? { ok: true, message: "The event was queued again as a new delivery; see the endpoint's log." } : res,
      );
      if (res.ok) router.refresh();
    });
  }
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        onClick={replay}
        pending={pending}
        pendingText="Replaying…"
        disabled={!endpointEnabled || !canManage}
        aria-describedby={endpointEnabled ? undefined : "replay-disabled-note"}
      >
        Replay
      </Button>
      {endpointEnabled ? null : (
        <p id="replay-disabled-note" className="text-sm text-slate-700 dark:text-slate-300">
          The endpoint is disabled, so nothing can be sent to it. Enable it on its page to replay this delivery.
        </p>
      )}
      {result?.message ? <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert> : null}
    </div>
  );
}
