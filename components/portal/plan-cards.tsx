"use client";

import { useState, useTransition } from "react";
import { billingPortalAction, checkoutAction } from "@/lib/actions/portal/billing";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

type PlanInfo = { plan: string; price: string; requestsPerHour: number; monthlyScans: number; maxKeys: number };
const RANK: Record<string, number> = { starter: 0, pro: 1, enterprise: 2 };
const fmt = (n: number) => n.toLocaleString("en-US");

export function PlanCards({
  plans,
  current,
  hasSubscription,
}: {
  plans: PlanInfo[];
  current: string;
  hasSubscription: boolean;
}) {
  const [pending, startTransition] = useTransition();
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  function run(id: string, action: () => Promise<{ ok: boolean; message?: string }>) {
    setBusy(id);
    setError(undefined);
    startTransition(async () => {
      const res = await action(); // on success the action redirects to the provider
      if (res && !res.ok) setError(res.message);
      setBusy(undefined);
    });
  }
  return (
    <div className="flex flex-col gap-4">
      {error ? (
        <Alert tone="error" title="Billing is unavailable">
          {error}
        </Alert>
      ) : null}
      <ul className="grid gap-4 md:grid-cols-3" aria-label="Plans">
        {plans.map((p) => {
          const isCurrent = p.plan === current;
          const upgrade = (RANK[p.plan] ?? 0) > (RANK[current] ?? 0);
          return (
            <li
              key={p.plan}
              className={`flex flex-col gap-3 rounded-lg border bg-white p-5 dark:bg-slate-900 ${isCurrent ? "border-indigo-600 ring-1 ring-indigo-600" : "border-slate-200 dark:border-slate-800"}`}
            >
              <div className="flex items-center justify-between gap-2">
                <h2 className="text-lg font-semibold capitalize">{p.plan}</h2>
                {isCurrent ? <Badge tone="indigo">Current plan</Badge> : null}
              </div>
              <p className="text-sm text-slate-600 dark:text-slate-400">{p.price}</p>
              <ul className="flex flex-col gap-1 text-sm">
                <li>{fmt(p.monthlyScans)} live scans a month</li>
                <li>{fmt(p.requestsPerHour)} requests an hour</li>
                <li>{p.maxKeys} API keys</li>
                <li>Unlimited sandbox scans</li>
              </ul>
              <div className="mt-auto pt-2">
                {upgrade ? (
                  <Button
                    className="w-full"
                    onClick={() => run(p.plan, () => checkoutAction(p.plan))}
                    pending={pending && busy === p.plan}
                    pendingText="Opening checkout…"
                  >
                    Upgrade to {p.plan.charAt(0).toUpperCase() + p.plan.slice(1)}
                  </Button>
                ) : isCurrent ? (
                  <p className="text-sm text-slate-600 dark:text-slate-400">You are on this plan.</p>
                ) : (
                  <p className="text-sm text-slate-600 dark:text-slate-400">Downgrade from the billing portal.</p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <p className="flex-1 text-sm">Invoices, payment method and cancellation are handled in the billing portal.</p>
        <Button
          variant="secondary"
          onClick={() => run("portal", billingPortalAction)}
          pending={pending && busy === "portal"}
          pendingText="Opening…"
          disabled={!hasSubscription && current === "starter"}
        >
          Manage billing
        </Button>
      </div>
    </div>
  );
}
