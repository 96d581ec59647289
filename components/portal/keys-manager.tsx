"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CreateKeyDialog } from "./create-key-dialog";
import { RevokeKeyDialog } from "./revoke-key-dialog";
import { RollKeyDialog } from "./roll-key-dialog";
import { KeysTable } from "./keys-table";
import type { ListedKey } from "@/lib/keys/list-keys";

/** The keys page: cap, create dialog, table, roll and revoke dialogs. */
export function KeysManager({
  keys,
  cap,
  plan,
  canManage,
}: {
  keys: ListedKey[];
  cap: number;
  plan: string;
  canManage: boolean;
}) {
  const [creating, setCreating] = useState(0);
  const [revoking, setRevoking] = useState<ListedKey | null>(null);
  const [rolling, setRolling] = useState<ListedKey | null>(null);
  const active = keys.filter((k) => k.state === "active").length;
  const atCap = active >= cap;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <p className="text-sm" data-testid="key-cap">
          <span className="font-semibold tabular-nums">
            {active} of {cap}
          </span>{" "}
          active keys on the {plan} plan.
        </p>
        <Button
          onClick={() => setCreating((n) => n + 1)}
          disabled={atCap || !canManage}
          aria-describedby={atCap ? "cap-reason" : undefined}
        >
          Create key
        </Button>
      </div>
      {atCap ? (
        <div id="cap-reason">
          <Alert tone="warning" title="Key limit reached">
            Your {plan} plan allows {cap} active keys. Revoke a key you no longer use, or upgrade your plan on the
            Billing page to add more.
          </Alert>
        </div>
      ) : null}
      {!canManage ? <Alert tone="warning">Keys can be created and revoked once your account is active.</Alert> : null}
      <KeysTable
        keys={keys}
        onRevoke={canManage ? setRevoking : undefined}
        onRoll={canManage ? setRolling : undefined}
      />
      {creating ? <CreateKeyDialog key={creating} onClose={() => setCreating(0)} /> : null}
      {rolling ? <RollKeyDialog key={rolling.id} apiKey={rolling} onClose={() => setRolling(null)} /> : null}
      {revoking ? <RevokeKeyDialog key={revoking.id} apiKey={revoking} onClose={() => setRevoking(null)} /> : null}
    </div>
  );
}
