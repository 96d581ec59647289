import { db } from "@/lib/db";
import type { Prisma, WebhookEndpoint } from "@/lib/generated/prisma/client";
import type { MemberActor } from "@/lib/teams/member";
import { audit } from "@/lib/audit/audit";
import { ApiError } from "@/lib/http/errors";
import { openSecret, sealSecret } from "@/lib/secret-box";
import { unixSeconds } from "@/lib/time";
import { isUuid } from "@/lib/uuid";
import { forgetDeliveredVitals } from "./forget-vitals";
import { generateSigningSecret } from "./signing";
import { type CreateEndpointInput, MAX_ENDPOINTS, ROLL_GRACE_SECONDS, type UpdateEndpointInput } from "./schemas";

// An organization's webhook endpoints (docs/webhooks.md, "Endpoints"). Every change is audited in
// its own transaction; another organization's endpoint is 404, as if it did not exist.

const SECRET_LABEL = "vitals webhook signing secret v1";

export type EndpointView = {
  id: string;
  url: string;
  description: string | null;
  environment: "live" | "test";
  event_types: string[];
  enabled: boolean;
  disabled_reason: string | null;
  /** While a rolled secret still signs deliveries. */
  previous_secret_valid_until: number | null;
  created_at: number;
};

export function endpointView(e: WebhookEndpoint, now = new Date()): EndpointView {
  const grace = e.previousSecretValidUntil && e.previousSecretValidUntil > now ? e.previousSecretValidUntil : null;
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    environment: e.environment,
    event_types: e.eventTypes,
    enabled: e.disabledAt === null,
    disabled_reason: e.disabledReason,
    previous_secret_valid_until: grace && unixSeconds(grace),
    created_at: unixSeconds(e.createdAt),
  };
}

/** The secrets that sign a delivery now: the current one, and a rolled one during its grace. */
export function signingSecrets(
  e: Pick<WebhookEndpoint, "secretSealed" | "previousSecretSealed" | "previousSecretValidUntil">,
  now: Date,
): string[] {
  const sealed = [e.secretSealed];
  if (e.previousSecretSealed && e.previousSecretValidUntil && e.previousSecretValidUntil > now)
    sealed.push(e.previousSecretSealed);
  return sealed.map((s) => openSecret(SECRET_LABEL, s)).filter((s): s is string => s !== null);
}

type Actor = MemberActor;

function auditEndpoint(tx: Prisma.TransactionClient, action: string, id: string, actor: Actor, details = {}) {
  return audit(tx, {
    actorId: actor.accountId,
    organizationId: actor.organizationId,
    actorType: "developer",
    action: `webhook_endpoint.${action}`,
    targetType: "webhook_endpoint",
    targetId: id,
    ip: actor.ip,
    details,
  });
}

export async function listEndpoints(developerId: string): Promise<EndpointView[]> {
  const rows = await db.webhookEndpoint.findMany({ where: { developerId }, orderBy: { createdAt: "asc" } });
  return rows.map((r) => endpointView(r));
}

export async function findEndpoint(developerId: string, id: string): Promise<WebhookEndpoint> {
  const row = isUuid(id) ? await db.webhookEndpoint.findFirst({ where: { id, developerId } }) : null;
  if (!row) throw new ApiError("NOT_FOUND", "Webhook endpoint not found");
  return row;
}

/** Creates an endpoint and returns its signing secret, the only time it is shown. */
export async function createEndpoint(
  actor: Actor,
  input: CreateEndpointInput,
): Promise<{ endpoint: EndpointView; secret: string }> {
  const secret = generateSigningSecret();
  return db.$transaction(async (tx) => {
    // The developer row's lock orders concurrent creations, so the cap holds.
    await tx.$queryRaw`SELECT id FROM "Organization" WHERE id = ${actor.organizationId}::uuid FOR UPDATE`;
    const count = await tx.webhookEndpoint.count({ where: { developerId: actor.organizationId } });
    if (count >= MAX_ENDPOINTS)
      throw new ApiError(
        "INVALID_REQUEST",
        `An account has at most ${MAX_ENDPOINTS} webhook endpoints; delete one first`,
      );
    const row = await tx.webhookEndpoint.create({
      data: {
        developerId: actor.organizationId,
        createdById: actor.accountId,
        url: input.url,
        description: input.description || null,
        environment: input.environment,
        eventTypes: input.event_types,
        secretSealed: sealSecret(SECRET_LABEL, secret),
      },
    });
    await auditEndpoint(tx, "create", row.id, actor, { environment: row.environment, event_types: row.eventTypes });
    return { endpoint: endpointView(row), secret };
  });
}

/**
 * Changes an endpoint. Disabled, its waiting deliveries end as failed; enabled again, it is
 * judged afresh (three failing days count from now).
 */
export async function updateEndpoint(
  actor: Actor,
  id: string,
  input: UpdateEndpointInput,
  now = new Date(),
): Promise<EndpointView> {
  const { enabled, ...fields } = input;
  let disabled = false;
  const view = await db.$transaction(async (tx) => {
    const current = await lockEndpoint(tx, actor.organizationId, id);
    const toggled = enabled !== undefined && enabled !== (current.disabledAt === null);
    disabled = toggled && !enabled;
    const row = await tx.webhookEndpoint.update({
      where: { id },
      data: {
        url: fields.url,
        description: fields.description === undefined ? undefined : fields.description || null,
        eventTypes: fields.event_types,
        // Who points it somewhere, or turns it back on, answers for it from now (creator-access.ts).
        ...(fields.url !== undefined || (toggled && enabled) ? { createdById: actor.accountId } : {}),
        ...(toggled
          ? enabled
            ? { disabledAt: null, disabledReason: null, lastSuccessAt: now }
            : { disabledAt: now, disabledReason: "manual" }
          : {}),
      },
    });
    if (disabled) await endWaitingDeliveries(tx, id, "The endpoint was disabled", now);
    if (Object.keys(fields).length > 0) await auditEndpoint(tx, "update", id, actor, { fields: Object.keys(fields) });
    if (toggled) await auditEndpoint(tx, enabled ? "enable" : "disable", id, actor);
    return endpointView(row, now);
  });
  // The deliveries ended here may have been the last ones needing their events' vitals.
  if (disabled) await forgetDeliveredVitals(now, { endpointId: id });
  return view;
}

/**
 * The developer's endpoint, its row locked until the transaction ends, so concurrent changes
 * (two rolls, a change and a delete) take turns; another account's, or none, is 404.
 */
async function lockEndpoint(tx: Prisma.TransactionClient, developerId: string, id: string) {
  if (!isUuid(id)) throw new ApiError("NOT_FOUND", "Webhook endpoint not found");
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "WebhookEndpoint" WHERE id = ${id}::uuid AND "developerId" = ${developerId}::uuid FOR UPDATE`;
  if (!row) throw new ApiError("NOT_FOUND", "Webhook endpoint not found");
  return tx.webhookEndpoint.findUniqueOrThrow({ where: { id } });
}

export function setEndpointEnabled(actor: Actor, id: string, enabled: boolean, now = new Date()) {
  return updateEndpoint(actor, id, { enabled }, now);
}

export function endWaitingDeliveries(tx: Prisma.TransactionClient, endpointId: string, why: string, now: Date) {
  return tx.webhookDelivery.updateMany({
    where: { endpointId, status: "pending" },
    data: { status: "failed", lastError: why, finishedAt: now, lockedUntil: null },
  });
}

/** A new signing secret, shown once; the old one also signs for the grace period. */
export async function rollEndpointSecret(
  actor: Actor,
  id: string,
  grace: keyof typeof ROLL_GRACE_SECONDS,
  now = new Date(),
): Promise<{ endpoint: EndpointView; secret: string }> {
  const secret = generateSigningSecret();
  const seconds = ROLL_GRACE_SECONDS[grace];
  return db.$transaction(async (tx) => {
    const current = await lockEndpoint(tx, actor.organizationId, id);
    const row = await tx.webhookEndpoint.update({
      where: { id },
      data: {
        secretSealed: sealSecret(SECRET_LABEL, secret),
        previousSecretSealed: seconds > 0 ? current.secretSealed : null,
        previousSecretValidUntil: seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null,
      },
    });
    await auditEndpoint(tx, "roll_secret", id, actor, { grace_period: grace });
    return { endpoint: endpointView(row, now), secret };
  });
}

/** Deletes an endpoint with its deliveries, and the events no other endpoint's delivery needs. */
export async function deleteEndpoint(actor: Actor, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockEndpoint(tx, actor.organizationId, id);
    await tx.webhookEndpoint.delete({ where: { id } });
    await tx.webhookEvent.deleteMany({ where: { developerId: actor.organizationId, deliveries: { none: {} } } });
    await auditEndpoint(tx, "delete", id, actor);
  });
}

/** For the sweeper: a rolled secret is forgotten once its grace has ended. */
export function retireRolledSigningSecrets(now: Date) {
  return db.webhookEndpoint.updateMany({
    where: { previousSecretValidUntil: { lte: now } },
    data: { previousSecretSealed: null, previousSecretValidUntil: null },
  });
}
