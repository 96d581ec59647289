"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { organizationAction } from "@/lib/actions/support/account";
import { organizationActionBody } from "@/lib/support/schemas";
import { ReasonForm } from "./reason-form";

/** Suspend or reinstate a team organization, with the reason that goes into the audit row. */
export function OrganizationActions({ id, status }: { id: string; status: "pending" | "active" | "suspended" }) {
  const [done, onDone] = useState<string>();
  const suspend = status !== "suspended";
  return (
    <details className="rounded-md border border-slate-200 p-3 dark:border-slate-800" data-testid="staff-action">
      <summary className="cursor-pointer text-sm font-medium">{suspend ? "Suspend…" : "Reinstate…"}</summary>
      <div className="mt-3 flex flex-col gap-2">
        {done ? <Alert tone="success">{done}</Alert> : null}
        <ReasonForm
          action={organizationAction}
          schema={organizationActionBody}
          hidden={{ organizationId: id, action: suspend ? "suspend" : "reinstate" }}
          submit={suspend ? "Suspend organization" : "Reinstate organization"}
          variant={suspend ? "danger" : "primary"}
          onDone={onDone}
        />
      </div>
    </details>
  );
}
