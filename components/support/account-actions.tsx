"use client";

import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { accountAction, planAction, twoFactorAction } from "@/lib/actions/support/account";
import { accountActionBody, planChangeBody, twoFactorRemoveBody } from "@/lib/support/schemas";
import { ReasonForm } from "./reason-form";
import { Label } from "@/components/ui/label";

type Profile = {
  id: string;
  status: "pending" | "active" | "suspended";
  plan: string;
  email_verified_at: number | null;
  two_factor_since: number | null;
};

function Action({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="rounded-md border border-slate-200 p-3 dark:border-slate-800" data-testid="staff-action">
      <summary className="cursor-pointer text-sm font-medium">{title}</summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

type Done = (message: string) => void;

function StatusAction({
  profile,
  action,
  title,
  submit,
  variant,
  onDone,
}: {
  profile: Profile;
  action: string;
  title: string;
  submit: string;
  variant?: "primary" | "danger" | "secondary";
  onDone: Done;
}) {
  return (
    <Action title={title}>
      <ReasonForm
        action={accountAction}
        schema={accountActionBody}
        hidden={{ developerId: profile.id, action }}
        submit={submit}
        variant={variant}
        onDone={onDone}
      />
    </Action>
  );
}

/** The actions that fit the account's state; each asks for a reason that goes into the audit row. */
export function AccountActions({ profile }: { profile: Profile }) {
  const verified = profile.email_verified_at !== null;
  const [done, onDone] = useState<string>();
  return (
    <div className="flex flex-col gap-2">
      {done ? <Alert tone="success">{done}</Alert> : null}
      {profile.status === "pending" && verified ? (
        <StatusAction profile={profile} action="approve" title="Approve…" submit="Approve account" onDone={onDone} />
      ) : null}
      {profile.status !== "suspended" ? (
        <StatusAction
          profile={profile}
          action="suspend"
          title="Suspend…"
          submit="Suspend account"
          variant="danger"
          onDone={onDone}
        />
      ) : null}
      {profile.status === "suspended" ? (
        <StatusAction
          profile={profile}
          action="reinstate"
          title="Reinstate…"
          submit="Reinstate account"
          onDone={onDone}
        />
      ) : null}
      <Action title="Change plan…">
        <ReasonForm
          action={planAction}
          schema={planChangeBody}
          hidden={{ developerId: profile.id }}
          submit="Change plan"
          variant="secondary"
          onDone={onDone}
        >
          <Label htmlFor="staff-plan">New plan</Label>
          <select
            id="staff-plan"
            name="plan"
            defaultValue={profile.plan}
            className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
          >
            <option value="starter">starter</option>
            <option value="pro">pro</option>
            <option value="enterprise">enterprise</option>
          </select>
        </ReasonForm>
      </Action>
      {!verified ? (
        <StatusAction
          profile={profile}
          action="resend_verification"
          title="Resend the verification mail…"
          submit="Resend verification mail"
          variant="secondary"
          onDone={onDone}
        />
      ) : null}
      {profile.two_factor_since !== null ? (
        <Action title="Turn off two-factor sign-in…">
          <ReasonForm
            action={twoFactorAction}
            schema={twoFactorRemoveBody}
            hidden={{ developerId: profile.id }}
            submit="Turn off two-factor sign-in"
            variant="danger"
            onDone={onDone}
          />
        </Action>
      ) : null}
      <StatusAction
        profile={profile}
        action="password_reset"
        title="Start a password reset…"
        submit="Send password reset link"
        variant="secondary"
        onDone={onDone}
      />
    </div>
  );
}
