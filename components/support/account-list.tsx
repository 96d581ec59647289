"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { changeAccountAction } from "@/app/(support)/support/actions";
import type { DeveloperSummary } from "@/lib/support/find-developers";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

const STATUS_TONE = { active: "green", pending: "amber", suspended: "red" } as const;

function AccountCard({ a, run, pending }: { a: DeveloperSummary; run: (field: string, value: string) => void; pending: boolean }) {
  const [plan, setPlan] = useState<string>(a.plan);
  const planId = `plan-${a.id}`;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900" data-testid="account">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 font-medium break-all">{a.email}</p>
        <Badge tone={STATUS_TONE[a.status]}>{a.status}</Badge>
        <Badge tone="indigo">{a.plan}</Badge>
        {a.email_verified ? null : <Badge>e-mail not verified</Badge>}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {a.name}
        {a.company ? `, ${a.company}` : ""} · since {new Date(a.created_at * 1000).toISOString().slice(0, 10)}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        {a.status === "pending" ? (
          <Button onClick={() => run("status", "active")} disabled={pending || !a.email_verified} title={a.email_verified ? undefined : "The e-mail must be verified first"}>
            Approve
          </Button>
        ) : null}
        {a.status === "active" ? (
          <Button variant="danger" onClick={() => run("status", "suspended")} disabled={pending}>
            Suspend
          </Button>
        ) : null}
        {a.status === "suspended" ? (
          <Button onClick={() => run("status", "active")} disabled={pending}>
            Reinstate
          </Button>
        ) : null}
        <div className="flex items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={planId} className="text-sm font-medium">
              Plan
            </label>
            <select id={planId} value={plan} onChange={(e) => setPlan(e.target.value)} className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm dark:border-slate-700 dark:bg-slate-900">
              <option value="starter">starter</option>
              <option value="pro">pro</option>
              <option value="enterprise">enterprise</option>
            </select>
          </div>
          <Button variant="secondary" onClick={() => run("plan", plan)} disabled={pending || plan === a.plan}>
            Change plan
          </Button>
        </div>
      </div>
    </li>
  );
}

export function AccountList({ accounts }: { accounts: DeveloperSummary[] }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<{ ok: boolean; message?: string }>();
  const run = (email: string) => (field: string, value: string) =>
    startTransition(async () => {
      const res = await changeAccountAction({ email, field, value });
      setResult(res);
      if (res.ok) router.refresh();
    });
  return (
    <div className="flex flex-col gap-4">
      {result?.message ? <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert> : null}
      <ul className="flex flex-col gap-3" aria-label="Accounts">
        {accounts.map((a) => (
          <AccountCard key={a.id} a={a} run={run(a.email)} pending={pending} />
        ))}
      </ul>
    </div>
  );
}
