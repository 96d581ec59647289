"use client";

import { Button } from "@/components/ui/button";
import { Modal } from "./modal";
import { SecretOnce } from "./secret-once";

export type SecretRevealProps = {
  title: string;
  labelId: string;
  label: string;
  secret: string;
  note: string;
  copyLabel?: string;
};

/** The modal that shows a new secret (a key's, a signing secret) the one time it is ever shown. */
export function SecretRevealModal({ title, labelId, onClose, ...secret }: SecretRevealProps & { onClose: () => void }) {
  return (
    <Modal title={title} labelId={labelId} onClose={onClose}>
      <SecretOnce {...secret} />
      <div className="flex justify-end">
        <Button onClick={onClose}>I have saved it</Button>
      </div>
    </Modal>
  );
}
