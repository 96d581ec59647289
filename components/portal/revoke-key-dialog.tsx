"use client";

import { useRouter } from "next/navigation";
import { revokeKeyAction } from "@/lib/actions/portal/keys";
import type { ListedKey } from "@/lib/keys/list-keys";
import { ConfirmDialog } from "./confirm-dialog";

export function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ListedKey; onClose: () => void }) {
  const router = useRouter();
  return (
    <ConfirmDialog
      title={`Revoke “${apiKey.name}”?`}
      labelId="revoke-key-title"
      keepText="Keep key"
      confirmText="Revoke key"
      pendingText="Revoking…"
      act={() => revokeKeyAction(apiKey.id)}
      onDone={() => {
        router.refresh();
        onClose();
      }}
      onClose={onClose}
    >
      Requests with <code className="font-mono">{apiKey.prefix}…</code> fail from the next request on (401
      API_KEY_REVOKED). A revoked key cannot be turned back on.
    </ConfirmDialog>
  );
}
