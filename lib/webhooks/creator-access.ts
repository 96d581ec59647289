import type { Prisma } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/logger";
import { sendMail } from "@/lib/mail/send-mail";
import { endpointsOfDepartedMemberMail } from "@/lib/mail/account-notices";
import { organizationContacts } from "@/lib/teams/contacts";
import type { MemberActor } from "@/lib/teams/member";
import { audit } from "@/lib/audit/audit";
import { endWaitingDeliveries } from "./endpoints";
import { forgetDeliveredVitals } from "./forget-vitals";

// The endpoints a member answers for (their maker, or who last changed the url or enabled them:
// createdById) stop when that member can no longer write webhooks: removed, left, or demoted
// below webhooks.write (docs/webhooks.md, "When a member goes"). Otherwise a removed developer's
// URL would go on receiving the organization's vitals. Disabled, never deleted: an owner or admin
// who enables one again takes it over.

export type CreatorGone = "creator_removed" | "creator_demoted";
export type DisabledEndpoint = { id: string; url: string };

/** In the removal's (or demotion's) transaction: disables the member's enabled endpoints, audited. */
export async function disableEndpointsOfMember(
  tx: Prisma.TransactionClient,
  actor: MemberActor,
  accountId: string,
  reason: CreatorGone,
  now: Date,
): Promise<DisabledEndpoint[]> {
  const rows = await tx.$queryRaw<DisabledEndpoint[]>`
    UPDATE "WebhookEndpoint" SET "disabledAt" = ${now}, "disabledReason" = ${reason}, "updatedAt" = ${now}
    WHERE "developerId" = ${actor.organizationId}::uuid AND "createdById" = ${accountId}::uuid
      AND "disabledAt" IS NULL
    RETURNING id, url`;
  for (const e of rows) {
    await endWaitingDeliveries(tx, e.id, "The endpoint was disabled: the member it belongs to lost access", now);
    await audit(tx, {
      actorId: actor.accountId,
      actorType: "developer",
      organizationId: actor.organizationId,
      action: "webhook_endpoint.disable",
      targetType: "webhook_endpoint",
      targetId: e.id,
      ip: actor.ip,
      details: { reason, member: accountId },
    });
  }
  return rows;
}

/** After the commit: the ended deliveries' vitals are forgotten, and owners and admins told. */
export async function afterEndpointsDisabled(organizationId: string, endpoints: DisabledEndpoint[], now: Date) {
  if (endpoints.length === 0) return;
  try {
    for (const e of endpoints) await forgetDeliveredVitals(now, { endpointId: e.id });
    for (const to of await organizationContacts(organizationId, ["owner", "admin"]))
      await sendMail(endpointsOfDepartedMemberMail(to.email, to.name, endpoints));
  } catch (err) {
    logger.warn("disabled endpoints notice failed", { error: (err as Error).message });
  }
}
