"use client";

import { useCallback, useState } from "react";
import { revokeKeyAction } from "@/lib/actions/support/account";
import { keyRevokeBody } from "@/lib/support/schemas";
import type { ListedKey } from "@/lib/keys/list-keys";
import { KeysTable } from "@/components/portal/keys-table";
import { Modal } from "@/components/portal/modal";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ReasonForm } from "./reason-form";

/** The developer's own keys table (prefix only, never a secret), with a staff revoke that asks for a reason. */
export function StaffKeys({ developerId, keys }: { developerId: string; keys: ListedKey[] }) {
  const [revoking, setRevoking] = useState<ListedKey | null>(null);
  const [done, setDone] = useState<string>();
  const close = useCallback(() => setRevoking(null), []);
  const revoked = useCallback((message: string) => {
    setDone(message);
    setRevoking(null);
  }, []);
  return (
    <>
      {done ? (
        <div className="mb-3">
          <Alert tone="success">{done}</Alert>
        </div>
      ) : null}
      <KeysTable keys={keys} onRevoke={setRevoking} />
      {revoking ? (
        <Modal title={`Revoke “${revoking.name}” (${revoking.prefix}…)?`} labelId="staff-revoke-title" onClose={close}>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            The key is refused from its next request on (401 API_KEY_REVOKED), and the developer is e-mailed.
          </p>
          <ReasonForm
            action={revokeKeyAction}
            schema={keyRevokeBody}
            hidden={{ developerId, keyId: revoking.id }}
            submit="Revoke key"
            variant="danger"
            onDone={revoked}
          />
          <div className="flex justify-end">
            <Button variant="secondary" onClick={close}>
              Keep key
            </Button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
