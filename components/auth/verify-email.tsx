"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button-class";

type Outcome =
  | { state: "checking" }
  | { state: "done"; title: string; message: string }
  | { state: "failed"; message: string };

// The link in the e-mail opens this page; only the page's own request (from a real browser)
// verifies, so mail scanners that prefetch links verify nothing.
export function VerifyEmail({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<Outcome>(
    token
      ? { state: "checking" }
      : { state: "failed", message: "This link has no verification token. Open the link from the e-mail again." },
  );

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    fetch(`/developer/verify?token=${encodeURIComponent(token)}`, { headers: { Accept: "application/json" } })
      .then(async (res) => {
        const body = (await res.json().catch(() => ({}))) as { status?: string; message?: string };
        if (cancelled) return;
        if (res.ok) {
          const title = body.status === "already_verified" ? "Already verified" : "E-mail verified";
          setOutcome({ state: "done", title, message: body.message ?? "Your e-mail address is verified." });
        } else {
          setOutcome({ state: "failed", message: body.message ?? "This link is invalid or has expired." });
        }
      })
      .catch(
        () =>
          !cancelled &&
          setOutcome({ state: "failed", message: "We could not reach the server. Check your connection and reload." }),
      );
    return () => {
      cancelled = true;
    };
  }, [token]);

  if (outcome.state === "checking") {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
        Checking your link…
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {outcome.state === "done" ? (
        <Alert tone="success" title={outcome.title}>
          {outcome.message}
        </Alert>
      ) : (
        <Alert tone="error" title="We could not verify this link">
          {outcome.message} You can sign in and ask for a new link, or sign up again with the same address.
        </Alert>
      )}
      <Link href="/login" className={buttonClass("primary")}>
        Continue to sign in
      </Link>
    </div>
  );
}
