"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { rollKeyAction } from "@/lib/actions/portal/keys";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ListedKey } from "@/lib/keys/list-keys";
import { utcMinute } from "./utc-minute";
import { Modal } from "./modal";
import { SecretOnce } from "./secret-once";

const GRACE_CHOICES = [
  { value: "none", label: "None: the old secret stops now (a leaked key)" },
  { value: "1h", label: "1 hour" },
  { value: "24h", label: "24 hours" },
];

/** Rolls a key: pick the grace period, then see the new secret once. */
export function RollKeyDialog({ apiKey, onClose }: { apiKey: ListedKey; onClose: () => void }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [grace, setGrace] = useState("1h");
  const [error, setError] = useState<string>();
  const [secret, setSecret] = useState<{ key: string; validUntil: number | null }>();
  function roll() {
    startTransition(async () => {
      const res = await rollKeyAction(apiKey.id, grace);
      if (!res.ok || !res.data) return setError(res.message);
      setSecret({ key: res.data.key, validUntil: res.data.previous_valid_until });
    });
  }
  function close() {
    router.refresh();
    onClose();
  }
  if (secret) {
    return (
      <Modal title={`New secret for “${apiKey.name}”`} labelId="rolled-key-title" onClose={close}>
        <SecretOnce
          label={`${apiKey.name} (${apiKey.environment})`}
          secret={secret.key}
          note={
            secret.validUntil
              ? `The old secret (${apiKey.prefix}…) keeps working until ${utcMinute(secret.validUntil)}; deploy this one before then.`
              : `The old secret (${apiKey.prefix}…) no longer works.`
          }
        />
        <div className="flex justify-end">
          <Button onClick={close}>I have saved it</Button>
        </div>
      </Modal>
    );
  }
  return (
    <Modal title={`Roll “${apiKey.name}”?`} labelId="roll-key-title" onClose={onClose}>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The key gets a new secret; its name, sessions and expiry stay. Choose how long the current secret (
        <code className="font-mono">{apiKey.prefix}…</code>) keeps working.
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
          Roll key
        </Button>
      </div>
    </Modal>
  );
}
