"use client";

import { useState, useTransition } from "react";
import { confirmTotpAction, startTotpAction } from "@/lib/actions/portal/security";
import type { TotpEnrolment } from "@/lib/accounts/totp";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

/** Set-up in three steps: show the secret (QR and text), confirm a first code, show the recovery codes once. */
export function TotpSetup() {
  const [pending, startTransition] = useTransition();
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [codes, setCodes] = useState<string[]>();
  const [error, setError] = useState<string>();

  const start = () =>
    startTransition(async () => {
      const res = await startTotpAction();
      setError(res.ok ? undefined : res.message);
      if (res.ok) setEnrolment(res.data);
    });
  const confirm = (form: FormData) =>
    startTransition(async () => {
      const res = await confirmTotpAction(String(form.get("code") ?? ""));
      setError(res.ok ? undefined : res.message);
      if (res.ok) setCodes(res.data?.recovery_codes);
    });

  if (codes) {
    return (
      <div className="flex flex-col gap-3">
        <Alert tone="success" title="Two-factor sign-in is on">
          Keep these recovery codes somewhere safe: each signs you in once if you lose your phone. You will not see them
          again.
        </Alert>
        <ul className="grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </div>
    );
  }
  if (!enrolment) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm">
          Protect your account with a code from an authenticator app (1Password, Google Authenticator, Authy, …) at
          every sign-in.
        </p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div>
          <Button onClick={start} pending={pending} pendingText="Preparing…">
            Set up two-factor sign-in
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form action={confirm} className="flex flex-col gap-4">
      <p className="text-sm">
        Scan this code with your authenticator app, or type the key by hand, then enter the 6-digit code it shows.
      </p>
      <div
        className="w-48 rounded-md bg-white p-2"
        role="img"
        aria-label="QR code of the authenticator key"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our server draws this SVG from the otpauth URI (lib/accounts/totp.ts); no user text in it
        dangerouslySetInnerHTML={{ __html: enrolment.qr_svg }}
      />
      <p className="text-sm">
        Key:{" "}
        <code className="font-mono break-all" data-testid="totp-secret">
          {enrolment.secret}
        </code>
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Field
        label="Code from the app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        autoFocus
      />
      <div>
        <Button type="submit" pending={pending} pendingText="Checking…">
          Turn on
        </Button>
      </div>
    </form>
  );
}
