"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { EndpointView } from "@/lib/webhooks/endpoints";
import { AddEndpointDialog } from "./add-endpoint-dialog";
import { EndpointsTable } from "./endpoints-table";

/** What webhooks are, for an account that has none yet. */
function EmptyState() {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-6 dark:border-slate-700">
      <h2 className="font-medium">No webhook endpoints yet</h2>
      <div className="mt-2 flex flex-col gap-2 text-sm text-slate-700 dark:text-slate-300">
        <p>
          A webhook sends each scan's result to your own server as it happens, so your backend need not poll: we POST a
          JSON event (<code className="font-mono">scan.completed</code>, <code className="font-mono">scan.failed</code>,
          usage and key events) to the URL you give.
        </p>
        <p>
          Every delivery is signed the Standard Webhooks way (<code className="font-mono">webhook-id</code>,{" "}
          <code className="font-mono">webhook-timestamp</code>, <code className="font-mono">webhook-signature</code>
          ): check it with the endpoint's signing secret before you trust the body. A delivery that does not get a 2xx
          answer is retried for about three days; an endpoint failing all that time is disabled and you are e-mailed.
        </p>
        <p>
          Endpoints can also be managed with the developer API; see the{" "}
          <a href="/api-reference" className="font-medium text-indigo-700 underline dark:text-indigo-300">
            API reference
          </a>
          .
        </p>
      </div>
    </div>
  );
}

/** The webhooks page: cap, add dialog, the endpoints. */
export function EndpointsManager({
  endpoints,
  cap,
  canManage,
}: {
  endpoints: EndpointView[];
  cap: number;
  canManage: boolean;
}) {
  const router = useRouter();
  const [adding, setAdding] = useState(0);
  const atCap = endpoints.length >= cap;
  function closeDialog() {
    setAdding(0);
    router.refresh();
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <p className="text-sm" data-testid="endpoint-cap">
          <span className="font-semibold tabular-nums">
            {endpoints.length} of {cap}
          </span>{" "}
          endpoints.
        </p>
        <Button
          onClick={() => setAdding((n) => n + 1)}
          disabled={atCap || !canManage}
          aria-describedby={atCap ? "endpoint-cap-reason" : undefined}
        >
          Add endpoint
        </Button>
      </div>
      {atCap ? (
        <div id="endpoint-cap-reason">
          <Alert tone="warning" title="Endpoint limit reached">
            An account has at most {cap} webhook endpoints. Delete one you no longer use to add another.
          </Alert>
        </div>
      ) : null}
      {!canManage ? (
        <Alert tone="warning">Endpoints can be added and changed once your account is active.</Alert>
      ) : null}
      {endpoints.length === 0 ? <EmptyState /> : <EndpointsTable endpoints={endpoints} />}
      {adding ? <AddEndpointDialog key={adding} onClose={closeDialog} /> : null}
    </div>
  );
}
