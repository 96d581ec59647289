"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { FormState } from "@/lib/actions/form-state";
import {
  changeRoleAction,
  removeMemberAction,
  revokeInvitationAction,
  switchOrganizationAction,
} from "@/lib/actions/portal/team";
import { ROLES } from "@/lib/teams/roles";

/** Runs one team action and shows its refusal, if any, beside the button. */
function useTeamAction() {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const run = (act: () => Promise<FormState>) =>
    start(async () => {
      const out = await act();
      setMessage(out.ok ? null : (out.message ?? "That did not work"));
      if (out.ok) router.refresh();
    });
  return { pending, message, run };
}

const failure = (message: string | null) =>
  message ? (
    <div className="mt-2">
      <Alert tone="error">{message}</Alert>
    </div>
  ) : null;

export function MemberActions({
  accountId,
  email,
  role,
  self,
  canManage,
  canOwn,
}: {
  accountId: string;
  email: string;
  role: string;
  self: boolean;
  canManage: boolean;
  canOwn: boolean;
}) {
  const { pending, message, run } = useTeamAction();
  const [chosen, setChosen] = useState(role);
  // Owners and admins are given and taken away by owners only (lib/teams/members.ts).
  const ownersOnly = (r: string) => r === "owner" || r === "admin";
  const mayChange = canManage && (canOwn || !ownersOnly(role));
  const roles = ROLES.filter((r) => canOwn || !ownersOnly(r));
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        {mayChange ? (
          <>
            <select
              aria-label={`Role of ${email}`}
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
            >
              {roles.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            <Button
              variant="secondary"
              disabled={chosen === role}
              pending={pending}
              onClick={() => run(() => changeRoleAction(accountId, chosen))}
            >
              Save role
            </Button>
          </>
        ) : null}
        {self || mayChange ? (
          <Button
            variant="danger"
            pending={pending}
            onClick={() => {
              if (window.confirm(self ? "Leave this organization?" : `Remove ${email} from this organization?`))
                run(() => removeMemberAction(accountId));
            }}
          >
            {self ? "Leave" : "Remove"}
          </Button>
        ) : null}
      </div>
      {failure(message)}
    </div>
  );
}

export function RevokeInvitation({ id, email }: { id: string; email: string }) {
  const { pending, message, run } = useTeamAction();
  return (
    <div>
      <Button
        variant="secondary"
        aria-label={`Revoke the invitation of ${email}`}
        pending={pending}
        onClick={() => run(() => revokeInvitationAction(id))}
      >
        Revoke
      </Button>
      {failure(message)}
    </div>
  );
}

export function SwitchOrganization({ id, name }: { id: string; name: string }) {
  const { pending, message, run } = useTeamAction();
  return (
    <div>
      <Button
        variant="secondary"
        aria-label={`Switch to ${name}`}
        pending={pending}
        onClick={() => run(() => switchOrganizationAction(id) as Promise<FormState>)}
      >
        Switch
      </Button>
      {failure(message)}
    </div>
  );
}
