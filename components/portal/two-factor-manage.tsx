"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { disableTotpAction, renewRecoveryCodesAction } from "@/lib/actions/portal/security";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

type Mode = "renew" | "disable";

const proofOf = (form: FormData) => ({
  password: String(form.get("password") ?? ""),
  code: String(form.get("code") ?? ""),
});

/** New recovery codes, or two-factor sign-in off: each proved by the password and a current code. */
export function TwoFactorManage() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [mode, setMode] = useState<Mode>();
  const [codes, setCodes] = useState<string[]>();
  const [error, setError] = useState<string>();

  const submit = (form: FormData) =>
    startTransition(async () => {
      const proof = proofOf(form);
      if (mode === "renew") {
        const res = await renewRecoveryCodesAction(proof);
        setError(res.ok ? undefined : res.message);
        if (res.ok) {
          setCodes(res.data?.recovery_codes);
          setMode(undefined);
        }
        return;
      }
      const res = await disableTotpAction(proof);
      setError(res.ok ? undefined : res.message);
      if (res.ok) router.refresh();
    });

  return (
    <div className="flex flex-col gap-3">
      {codes ? (
        <>
          <Alert tone="success" title="New recovery codes">
            The old codes no longer work. Keep these somewhere safe: you will not see them again.
          </Alert>
          <ul className="grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </>
      ) : null}
      {mode ? (
        <form
          action={submit}
          className="flex flex-col gap-3"
          aria-label={mode === "renew" ? "New recovery codes" : "Turn off two-factor sign-in"}
        >
          <Field label="Password" name="password" type="password" autoComplete="current-password" required />
          <Field label="Code from the app (or a recovery code)" name="code" autoComplete="one-time-code" required />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex gap-2">
            <Button type="submit" variant={mode === "disable" ? "danger" : "primary"} pending={pending}>
              {mode === "renew" ? "Make new recovery codes" : "Turn off two-factor sign-in"}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setMode(undefined)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setMode("renew")}>
            New recovery codes…
          </Button>
          <Button variant="danger" onClick={() => setMode("disable")}>
            Turn off…
          </Button>
        </div>
      )}
    </div>
  );
}
