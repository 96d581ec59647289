"use client";

import { useState, useTransition } from "react";
import { endSessionAction } from "@/lib/actions/portal/security";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

type Listed = { id: string; ip: string | null; createdAt: string; secondFactor: boolean; current: boolean };

/** The account's signed-in browsers; any but this one can be signed out here. */
export function SessionList({ sessions, total }: { sessions: Listed[]; total: number }) {
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const end = (id: string) =>
    startTransition(async () => {
      const res = await endSessionAction(id);
      setMessage({ ok: res.ok, text: res.message ?? "" });
    });
  return (
    <div className="flex flex-col gap-3">
      {message ? <Alert tone={message.ok ? "success" : "error"}>{message.text}</Alert> : null}
      <ul
        className="flex flex-col divide-y divide-slate-200 text-sm dark:divide-slate-800"
        aria-label="Signed-in sessions"
      >
        {sessions.map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-center justify-between gap-2 py-2"
            data-testid="portal-session"
          >
            <span>
              Signed in {s.createdAt.slice(0, 16).replace("T", " ")} UTC from {s.ip ?? "an unknown address"}
              {s.secondFactor ? " with two-factor" : ""}
              {s.current ? <strong> · this browser</strong> : null}
            </span>
            {s.current ? null : (
              <Button variant="secondary" onClick={() => end(s.id)} disabled={pending}>
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {total > sessions.length ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          And {total - sessions.length} older sessions; "Sign out everywhere" ends them all.
        </p>
      ) : null}
    </div>
  );
}
