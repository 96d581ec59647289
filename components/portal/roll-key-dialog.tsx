"use client";

import { rollKeyAction } from "@/lib/actions/portal/keys";
import type { ListedKey } from "@/lib/keys/list-keys";
import { RollDialog } from "./roll-dialog";
import { utcMinute } from "./utc-minute";

/** Rolls a key: pick the grace period, then see the new secret once. */
export function RollKeyDialog({ apiKey, onClose }: { apiKey: ListedKey; onClose: () => void }) {
  return (
    <RollDialog
      title={`Roll “${apiKey.name}”?`}
      labelId="roll-key-title"
      intro={
        <>
          The key gets a new secret; its name, sessions and expiry stay. Choose how long the current secret (
          <code className="font-mono">{apiKey.prefix}…</code>) keeps working.
        </>
      }
      leaked="key"
      defaultGrace="1h"
      confirmText="Roll key"
      roll={async (grace) => {
        const res = await rollKeyAction(apiKey.id, grace);
        return res.ok && res.data
          ? { ok: true, data: { secret: res.data.key, previousValidUntil: res.data.previous_valid_until } }
          : { ok: false, message: res.message };
      }}
      reveal={({ previousValidUntil }) => ({
        title: `New secret for “${apiKey.name}”`,
        labelId: "rolled-key-title",
        label: `${apiKey.name} (${apiKey.environment})`,
        note: previousValidUntil
          ? `The old secret (${apiKey.prefix}…) keeps working until ${utcMinute(previousValidUntil)}; deploy this one before then.`
          : `The old secret (${apiKey.prefix}…) no longer works.`,
      })}
      onClose={onClose}
    />
  );
}
