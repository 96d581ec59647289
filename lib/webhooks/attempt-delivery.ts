import { organizationContacts } from "@/lib/teams/contacts";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import type { KeyEnvironment } from "@/lib/generated/prisma/enums";
import { logger } from "@/lib/logger";
import { webhookDisabledMail } from "@/lib/mail/account-notices";
import { sendMail } from "@/lib/mail/send-mail";
import { unixSeconds } from "@/lib/time";
import { endWaitingDeliveries, signingSecrets } from "./endpoints";
import { EVENTS_WITH_VITALS, type EventType } from "./event-types";
import { forgetDeliveredVitals } from "./forget-vitals";
import { type AttemptOutcome, postWebhook } from "./post-webhook";
import { signedHeaders } from "./signing";

// One attempt of a delivery (docs/webhooks.md, "Delivery"): claimed with everything it needs in
// one statement, sent, and recorded in one statement. The queue is the WebhookDelivery table:
// every instance claims due rows with FOR UPDATE SKIP LOCKED, so each attempt is made by one of
// them, and a row held by a process that died is taken again once its lock lapses.

export type Claimed = {
  id: string;
  attempts: number;
  /** This claim's hold: only the claim holding it may record the attempt's outcome. */
  lockedUntil: Date;
  createdAt: Date;
  replayOf: string | null;
  endpointId: string;
  developerId: string;
  url: string;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretValidUntil: Date | null;
  disabledAt: Date | null;
  lastSuccessAt: Date | null;
  eventId: string;
  type: EventType;
  environment: KeyEnvironment;
  payload: unknown;
  eventCreatedAt: Date;
};

const LOCK_MARGIN_MS = 30_000;
// lastSuccessAt is refreshed at most once a minute: every success writing the endpoint's row
// would queue concurrent deliveries to it behind one lock. (A success in the minute after an
// event may so be missed by the disable rule: it then judges three days less that minute.)
const SUCCESS_RESOLUTION_MS = 60_000;

/**
 * Claims up to `limit` due deliveries, oldest first, taking from each endpoint no more than it
 * has free of WEBHOOK_ENDPOINT_CONCURRENCY (counting the attempts other claims hold), so one
 * slow receiver's backlog cannot take every slot nor hide the other endpoints' deliveries.
 * Claims made at the same moment by several instances may each fill an endpoint's slots: the
 * cap is per claim, about per endpoint.
 */
export async function claimDue(limit: number, now: Date): Promise<Claimed[]> {
  const lockUntil = new Date(now.getTime() + env().WEBHOOK_TIMEOUT_MS + LOCK_MARGIN_MS);
  const perEndpoint = env().WEBHOOK_ENDPOINT_CONCURRENCY;
  const due = Prisma.sql`status = 'pending' AND "nextAttemptAt" <= ${now} AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})`;
  return db.$queryRaw<Claimed[]>`
    WITH busy AS MATERIALIZED (
      SELECT "endpointId", count(*) AS n FROM "WebhookDelivery"
      WHERE status = 'pending' AND "lockedUntil" >= ${now} GROUP BY "endpointId"),
    open AS MATERIALIZED (
      SELECT e."endpointId", ${perEndpoint}::int - COALESCE(busy.n, 0)::int AS free
      FROM (SELECT DISTINCT "endpointId" FROM "WebhookDelivery" WHERE ${due}) e
      LEFT JOIN busy ON busy."endpointId" = e."endpointId"
      WHERE ${perEndpoint}::int - COALESCE(busy.n, 0)::int > 0),
    picked AS MATERIALIZED (
      SELECT d.id FROM open, LATERAL (
        SELECT id FROM "WebhookDelivery" WHERE "endpointId" = open."endpointId" AND ${due}
        ORDER BY "nextAttemptAt" LIMIT open.free) d),
    claimed AS (
      UPDATE "WebhookDelivery" SET "lockedUntil" = ${lockUntil}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM "WebhookDelivery" WHERE id IN (SELECT id FROM picked) AND ${due}
        ORDER BY "nextAttemptAt" LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, attempts, "createdAt", "replayOf", "endpointId", "eventId", "lockedUntil")
    SELECT c.*, e."developerId", e.url, e."secretSealed", e."previousSecretSealed", e."previousSecretValidUntil",
      e."disabledAt", e."lastSuccessAt", ev.type, ev.environment::text AS environment, ev.payload,
      ev."createdAt" AS "eventCreatedAt"
    FROM claimed c JOIN "WebhookEndpoint" e ON e.id = c."endpointId" JOIN "WebhookEvent" ev ON ev.id = c."eventId"`;
}

/** The wait before the next attempt: the schedule's step with ±20 % jitter, so retries spread out. */
export function retryDelayMs(attemptsMade: number, schedule = env().WEBHOOK_RETRY_SCHEDULE, random = Math.random) {
  const seconds = schedule[attemptsMade - 1];
  return seconds === undefined ? null : Math.round(seconds * 1000 * (0.8 + 0.4 * random()));
}

function send(d: Claimed, now: Date): Promise<AttemptOutcome> {
  const body = JSON.stringify({
    id: d.eventId,
    type: d.type,
    created_at: unixSeconds(d.eventCreatedAt),
    environment: d.environment,
    data: d.payload,
  });
  const secrets = signingSecrets(d, now);
  if (secrets.length === 0)
    return Promise.resolve({
      ok: false,
      statusCode: null,
      durationMs: 0,
      error: "The signing secret cannot be read; roll it",
      excerpt: null,
    });
  return postWebhook(d.url, signedHeaders(secrets, d.eventId, unixSeconds(now), body), body, env().WEBHOOK_TIMEOUT_MS);
}

/**
 * The attempt (always, for the log) and the delivery's new state, in one statement; the state
 * only while this claim still holds the row (not disabled, deleted or claimed again meanwhile).
 * A 2xx answer's excerpt is not kept: a receiver that echoes the body would store the vitals.
 */
function record(d: Claimed, outcome: AttemptOutcome, now: Date, at: Date, delay: number | null) {
  const status = outcome.ok ? "succeeded" : delay === null ? "failed" : "pending";
  const next = delay === null ? Prisma.empty : Prisma.sql`, "nextAttemptAt" = ${new Date(at.getTime() + delay)}`;
  const finished = status === "pending" ? null : at;
  const excerpt = outcome.ok ? null : outcome.excerpt;
  return db.$queryRaw<{ id: string }[]>`
    WITH attempt AS (
      INSERT INTO "WebhookAttempt" (id, "deliveryId", at, "statusCode", "durationMs", error, excerpt)
      SELECT gen_random_uuid(), id, ${now}, ${outcome.statusCode}::int, ${outcome.durationMs}::int,
        ${outcome.error}::text, ${excerpt}::text
      FROM "WebhookDelivery" WHERE id = ${d.id}::uuid)
    UPDATE "WebhookDelivery" SET status = ${status}::"WebhookDeliveryStatus", "lastStatusCode" = ${outcome.statusCode}::int,
      "lastDurationMs" = ${outcome.durationMs}::int, "lastError" = ${outcome.error}::text, "lockedUntil" = NULL,
      "finishedAt" = ${finished}::timestamp ${next}
    WHERE id = ${d.id}::uuid AND status = 'pending' AND "lockedUntil" = ${d.lockedUntil}
    RETURNING id`;
}

/** The endpoint's last success, refreshed at most once a minute (its own statement: no lock order with a delivery's). */
function noteSuccess(d: Claimed, at: Date) {
  return db.webhookEndpoint.updateMany({
    where: {
      id: d.endpointId,
      OR: [{ lastSuccessAt: null }, { lastSuccessAt: { lt: new Date(at.getTime() - SUCCESS_RESOLUTION_MS) } }],
    },
    data: { lastSuccessAt: at },
  });
}

/** Makes one attempt of a claimed delivery and records it. */
export async function attemptDelivery(d: Claimed, now = new Date()): Promise<AttemptOutcome | null> {
  if (d.disabledAt) {
    await db.$transaction((tx) => endWaitingDeliveries(tx, d.endpointId, "The endpoint was disabled", now));
    return null;
  }
  const outcome = await send(d, now);
  // An event too large to send never will be: given up at once, and not the endpoint's fault.
  const delay = outcome.ok || outcome.permanent ? null : retryDelayMs(d.attempts);
  const at = new Date();
  const gaveUp = !outcome.ok && delay === null;
  const held = await record(d, outcome, now, at, delay);
  if (held.length === 0) return outcome;
  if (outcome.ok) await noteSuccess(d, at);
  // Given up with no success since this event (about three days): the endpoint is off until fixed.
  const failing = gaveUp && !outcome.permanent && !d.replayOf && (!d.lastSuccessAt || d.lastSuccessAt < d.createdAt);
  if (failing) await disableFailing(d, at);
  if ((outcome.ok || gaveUp) && EVENTS_WITH_VITALS.includes(d.type))
    // Disabling ended the endpoint's other deliveries too: their events may be finished now.
    await forgetDeliveredVitals(at, failing ? { endpointId: d.endpointId } : { eventId: d.eventId });
  return outcome;
}

async function disableFailing(d: Claimed, at: Date) {
  const disabled = await db.$transaction(async (tx) => {
    const claimed = await tx.webhookEndpoint.updateMany({
      where: { id: d.endpointId, disabledAt: null },
      data: { disabledAt: at, disabledReason: "failing" },
    });
    if (claimed.count === 1)
      await endWaitingDeliveries(tx, d.endpointId, "The endpoint was disabled after three days of failures", at);
    return claimed.count === 1;
  });
  if (!disabled) return;
  try {
    // The organization's owners and admins (docs/teams.md): whoever can turn it back on.
    for (const to of await organizationContacts(d.developerId, ["owner", "admin"]))
      await sendMail(webhookDisabledMail(to.email, to.name, { id: d.endpointId, url: d.url }));
  } catch (err) {
    logger.warn("webhook disabled mail failed", { error: (err as Error).message });
  }
}
