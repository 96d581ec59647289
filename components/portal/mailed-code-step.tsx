"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { mailCodeAction, proveCodeAction } from "@/lib/actions/portal/security";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

/** Staff prove their mailbox before they set up two-factor sign-in: a code mailed for this session. */
export function MailedCodeStep() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [sent, setSent] = useState<string>();
  const [error, setError] = useState<string>();

  const send = () =>
    startTransition(async () => {
      const res = await mailCodeAction();
      setError(res.ok ? undefined : res.message);
      if (res.ok) setSent(res.message);
    });
  const prove = (form: FormData) =>
    startTransition(async () => {
      const res = await proveCodeAction(String(form.get("code") ?? ""));
      setError(res.ok ? undefined : res.message);
      if (res.ok) router.refresh();
    });

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        Staff accounts first confirm a code we e-mail them, so a password alone cannot set up the second factor.
      </p>
      {sent ? <Alert tone="info">{sent}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {sent ? (
        <form action={prove} className="flex flex-col gap-3">
          <Field
            label="Code from the e-mail"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            autoFocus
          />
          <div className="flex gap-2">
            <Button type="submit" pending={pending} pendingText="Checking…">
              Confirm code
            </Button>
            <Button type="button" variant="secondary" onClick={send} disabled={pending}>
              Send another
            </Button>
          </div>
        </form>
      ) : (
        <div>
          <Button onClick={send} pending={pending} pendingText="Sending…">
            E-mail me a code
          </Button>
        </div>
      )}
    </div>
  );
}
