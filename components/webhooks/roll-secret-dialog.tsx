"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { rollEndpointSecretAction } from "@/lib/actions/portal/webhooks";
import { Modal } from "@/components/portal/modal";
import { SecretOnce } from "@/components/portal/secret-once";
import { utcMinute } from "@/components/portal/utc-minute";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { EndpointView } from "@/lib/webhooks/endpoints";

const GRACE_CHOICES = [
  { value: "none", label: "None: the old secret stops now (a leaked secret)" },
  { value: "1h", label: "1 hour" },
  { value: "24h", label: "24 hours" },
];

/** Rolls the signing secret: pick how long the old one also signs, then see the new one once. */
export function RollSecretDialog({ endpoint, onClose }: { endpoint: EndpointView; onClose: () => void }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [grace, setGrace] = useState("24h");
  const [error, setError] = useState<string>();
  const [rolled, setRolled] = useState<{ secret: string; validUntil: number | null }>();
  function roll() {
    startTransition(async () => {
      const res = await rollEndpointSecretAction(endpoint.id, grace);
      if (!res.ok || !res.data) return setError(res.message);
      setRolled({ secret: res.data.secret, validUntil: res.data.endpoint.previous_secret_valid_until });
    });
  }
  function close() {
    router.refresh();
    onClose();
  }
  if (rolled) {
    return (
      <Modal title="New signing secret" labelId="rolled-secret-title" onClose={close}>
        <SecretOnce
          label={`Signing secret of ${endpoint.url}`}
          secret={rolled.secret}
          copyLabel="Copy signing secret"
          note={
            rolled.validUntil
              ? `Deliveries carry a signature with the old secret too until ${utcMinute(rolled.validUntil)}; deploy this one before then.`
              : "Deliveries are signed with this secret only, from now on."
          }
        />
        <div className="flex justify-end">
          <Button onClick={close}>I have saved it</Button>
        </div>
      </Modal>
    );
  }
  return (
    <Modal title="Roll the signing secret?" labelId="roll-secret-title" onClose={onClose}>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The endpoint gets a new signing secret. Choose how long deliveries are also signed with the current one, so your
        server can switch without refusing any.
      </p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Grace period</legend>
        {GRACE_CHOICES.map((c) => (
          <label key={c.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="grace_period"
              value={c.value}
              checked={grace === c.value}
              onChange={() => setGrace(c.value)}
            />
            {c.label}
          </label>
        ))}
      </fieldset>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button onClick={roll} pending={pending} pendingText="Rolling…">
          Roll secret
        </Button>
      </div>
    </Modal>
  );
}
