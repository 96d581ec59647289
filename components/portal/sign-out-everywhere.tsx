"use client";

import { useState, useTransition } from "react";
import { signOutEverywhereAction } from "@/lib/actions/portal/security";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Ends every portal session and ID token of the account, this browser's too. */
export function SignOutEverywhere() {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string>();
  const run = () =>
    startTransition(async () => {
      const res = await signOutEverywhereAction();
      if (res && !res.ok) setError(res.message);
    });
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        Signed in on a computer you no longer use, or think someone copied your session? This ends every session of your
        account, on every device and this one, and every ID token of the developer API.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div>
        <Button variant="danger" onClick={run} pending={pending} pendingText="Signing out…">
          Sign out everywhere
        </Button>
      </div>
    </div>
  );
}
