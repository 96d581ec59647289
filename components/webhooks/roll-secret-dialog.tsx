"use client";

import { rollEndpointSecretAction } from "@/lib/actions/portal/webhooks";
import { RollDialog } from "@/components/portal/roll-dialog";
import { utcMinute } from "@/components/portal/utc-minute";
import type { EndpointView } from "@/lib/webhooks/endpoints";

/** Rolls the signing secret: pick how long the old one also signs, then see the new one once. */
export function RollSecretDialog({ endpoint, onClose }: { endpoint: EndpointView; onClose: () => void }) {
  return (
    <RollDialog
      title="Roll the signing secret?"
      labelId="roll-secret-title"
      intro="The endpoint gets a new signing secret. Choose how long deliveries are also signed with the current one, so your server can switch without refusing any."
      leaked="secret"
      defaultGrace="24h"
      confirmText="Roll secret"
      roll={async (grace) => {
        const res = await rollEndpointSecretAction(endpoint.id, grace);
        return res.ok && res.data
          ? {
              ok: true,
              data: { secret: res.data.secret, previousValidUntil: res.data.endpoint.previous_secret_valid_until },
            }
          : { ok: false, message: res.message };
      }}
      reveal={({ previousValidUntil }) => ({
        title: "New signing secret",
        labelId: "rolled-secret-title",
        label: `Signing secret of ${endpoint.url}`,
        copyLabel: "Copy signing secret",
        note: previousValidUntil
          ? `Deliveries carry a signature with the old secret too until ${utcMinute(previousValidUntil)}; deploy this one before then.`
          : "Deliveries are signed with this secret only, from now on.",
      })}
      onClose={onClose}
    />
  );
}
