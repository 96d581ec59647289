"use client";

import { useState, useTransition, type ReactNode } from "react";
import type { FormState } from "@/lib/actions/form-state";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "./modal";

/** Asks before a destructive action (revoke a key, delete an endpoint); shows its refusal, if any. */
export function ConfirmDialog({
  title,
  labelId,
  children,
  keepText,
  confirmText,
  pendingText,
  act,
  onDone,
  onClose,
}: {
  title: string;
  labelId: string;
  children: ReactNode;
  keepText: string;
  confirmText: string;
  pendingText: string;
  act: () => Promise<FormState>;
  /** After the action succeeded (an action that redirects never gets here). */
  onDone?: () => void;
  onClose: () => void;
}) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string>();
  function confirm() {
    startTransition(async () => {
      const res = await act();
      if (!res.ok) return setError(res.message);
      onDone?.();
    });
  }
  return (
    <Modal title={title} labelId={labelId} onClose={onClose}>
      <p className="text-sm text-slate-700 dark:text-slate-300 [overflow-wrap:anywhere]">{children}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} autoFocus>
          {keepText}
        </Button>
        <Button variant="danger" onClick={confirm} pending={pending} pendingText={pendingText}>
          {confirmText}
        </Button>
      </div>
    </Modal>
  );
}
