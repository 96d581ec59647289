"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type ReactNode } from "react";
import type { FormState } from "@/lib/actions/form-state";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "./modal";
import { type SecretRevealProps, SecretRevealModal } from "./secret-reveal";

/** A new secret, and until when the one it replaces keeps working (null: no longer). */
export type RolledSecret = { secret: string; previousValidUntil: number | null };

const GRACE_CHOICES = [
  { value: "none", label: (what: string) => `None: the old secret stops now (a leaked ${what})` },
  { value: "1h", label: () => "1 hour" },
  { value: "24h", label: () => "24 hours" },
];

/** Rolls a secret (an API key's, a webhook endpoint's): pick the grace period, then see the new one once. */
export function RollDialog({
  title,
  labelId,
  intro,
  leaked,
  defaultGrace,
  confirmText,
  roll,
  reveal,
  onClose,
}: {
  title: string;
  labelId: string;
  intro: ReactNode;
  /** What a leak would be of, for the "none" choice: "key", "secret". */
  leaked: string;
  defaultGrace: "none" | "1h" | "24h";
  confirmText: string;
  roll: (grace: string) => Promise<FormState<RolledSecret>>;
  reveal: (rolled: RolledSecret) => Omit<SecretRevealProps, "secret">;
  onClose: () => void;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [grace, setGrace] = useState<string>(defaultGrace);
  const [error, setError] = useState<string>();
  const [rolled, setRolled] = useState<RolledSecret>();
  function submit() {
    startTransition(async () => {
      const res = await roll(grace);
      if (!res.ok || !res.data) return setError(res.message);
      setRolled(res.data);
    });
  }
  function close() {
    router.refresh();
    onClose();
  }
  if (rolled) return <SecretRevealModal {...reveal(rolled)} secret={rolled.secret} onClose={close} />;
  return (
    <Modal title={title} labelId={labelId} onClose={onClose}>
      <p className="text-sm text-slate-700 dark:text-slate-300">{intro}</p>
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
            {c.label(leaked)}
          </label>
        ))}
      </fieldset>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button onClick={submit} pending={pending} pendingText="Rolling…">
          {confirmText}
        </Button>
      </div>
    </Modal>
  );
}
