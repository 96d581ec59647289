"use client";

import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { acceptInvitationAction } from "@/lib/actions/portal/team";

export function AcceptInvitation({ token, organization, role }: { token: string; organization: string; role: string }) {
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-3">
      <p>
        Join <strong>{organization}</strong> as <strong>{role}</strong>?
      </p>
      {message ? <Alert tone="error">{message}</Alert> : null}
      <div>
        <Button
          pending={pending}
          pendingText="Joining…"
          onClick={() =>
            start(async () => {
              const out = await acceptInvitationAction(token);
              if (!out.ok) setMessage(out.message ?? "The invitation could not be accepted");
            })
          }
        >
          Join {organization}
        </Button>
      </div>
    </div>
  );
}
