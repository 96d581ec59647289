"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { revokeKeyAction } from "@/lib/actions/portal/keys";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ListedKey } from "@/lib/keys/list-keys";
import { Modal } from "./modal";

export function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ListedKey; onClose: () => void }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string>();
  function revoke() {
    startTransition(async () => {
      const res = await revokeKeyAction(apiKey.id);
      if (!res.ok) return setError(res.message);
      router.refresh();
      onClose();
    });
  }
  return (
    <Modal title={`Revoke “${apiKey.name}”?`} labelId="revoke-key-title" onClose={onClose}>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Requests with <code className="font-mono">{apiKey.prefix}…</code> fail from the next request on (401
        API_KEY_REVOKED). A revoked key cannot be turned back on.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} autoFocus>
          Keep key
        </Button>
        <Button variant="danger" onClick={revoke} pending={pending} pendingText="Revoking…">
          Revoke key
        </Button>
      </div>
    </Modal>
  );
}
