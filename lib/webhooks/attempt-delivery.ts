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
// would queue concurrent deliveries to it behind one lock.
const SUCCESS_RESOLUTION_MS = 60_000;

// The oldest due rows a claim looks at: a backlog of any size costs each claim the same.
const CLAIM_WINDOW = 1000;

/**
 * Claims up to `limit` due deliveries, at most WEBHOOK_ENDPOINT_CONCURRENCY in flight per
 * endpoint across all instances (counting those already held), so one slow receiver cannot
 * take every slot.
 */
export async function claimDue(limit: number, now: Date): Promise<Claimed[]> {
  const lockUntil = new Date(now.getTime() + env().WEBHOOK_TIMEOUT_MS + LOCK_MARGIN_MS);
  const perEndpoint = env().WEBHOOK_ENDPOINT_CONCURRENCY;
  return db.$queryRaw<Claimed[]>`
    WITH busy AS (
      SELECT "endpointId", count(*) AS n FROM "WebhookDelivery"
      WHERE status = 'pending' AND "lockedUntil" >= ${now} GROUP BY "endpointId"),
    due AS (
      SELECT id, "endpointId", "nextAttemptAt" FROM "WebhookDelivery"
      WHERE status = 'pending' AND "nextAttemptAt" <= ${now} AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})
      ORDER BY "nextAttemptAt" LIMIT ${CLAIM_WINDOW}),
    slots AS (
      SELECT due.id, row_number() OVER (PARTITION BY due."endpointId" ORDER BY due."nextAttemptAt") + COALESCE(busy.n, 0) AS slot
      FROM due LEFT JOIN busy ON busy."endpointId" = due."endpointId"),
    claimed AS (
      UPDATE "WebhookDelivery" SET "lockedUntil" = ${lockUntil}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM "WebhookDelivery"
        WHERE id IN (SELECT id FROM slots WHERE slot <= ${perEndpoint})
          AND status = 'pending' AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})
        ORDER BY "nextAttemptAt" LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, attempts, "createdAt", "replayOf", "endpointId", "eventId")
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

/** The attempt, the delivery's new state and the endpoint's last success, in one statement. */
function record(d: Claimed, outcome: AttemptOutcome, now: Date, at: Date, delay: number | null) {
  const status = outcome.ok ? "succeeded" : delay === null ? "failed" : "pending";
  const next = delay === null ? Prisma.empty : Prisma.sql`, "nextAttemptAt" = ${new Date(at.getTime() + delay)}`;
  const finished = status === "pending" ? null : at;
  const staleBefore = new Date(at.getTime() - SUCCESS_RESOLUTION_MS);
  return db.$executeRaw`
    WITH attempt AS (
      INSERT INTO "WebhookAttempt" (id, "deliveryId", at, "statusCode", "durationMs", error, excerpt)
      VALUES (gen_random_uuid(), ${d.id}::uuid, ${now}, ${outcome.statusCode}::int, ${outcome.durationMs}::int,
        ${outcome.error}::text, ${outcome.excerpt}::text)),
    success AS (
      UPDATE "WebhookEndpoint" SET "lastSuccessAt" = ${at}
      WHERE ${outcome.ok} AND id = ${d.endpointId}::uuid AND ("lastSuccessAt" IS NULL OR "lastSuccessAt" < ${staleBefore}))
    UPDATE "WebhookDelivery" SET status = ${status}::"WebhookDeliveryStatus", "lastStatusCode" = ${outcome.statusCode}::int,
      "lastDurationMs" = ${outcome.durationMs}::int, "lastError" = ${outcome.error}::text, "lockedUntil" = NULL,
      "finishedAt" = ${finished}::timestamp ${next}
    WHERE id = ${d.id}::uuid`;
}

/** Makes one attempt of a claimed delivery and records it. */
export async function attemptDelivery(d: Claimed, now = new Date()): Promise<AttemptOutcome | null> {
  if (d.disabledAt) {
    await db.$transaction((tx) => endWaitingDeliveries(tx, d.endpointId, "The endpoint was disabled", now));
    return null;
  }
  const outcome = await send(d, now);
  const delay = outcome.ok ? null : retryDelayMs(d.attempts);
  const at = new Date();
  const gaveUp = !outcome.ok && delay === null;
  await record(d, outcome, now, at, delay);
  // Given up with no success since this event (about three days): the endpoint is off until fixed.
  const failing = gaveUp && !d.replayOf && (!d.lastSuccessAt || d.lastSuccessAt < d.createdAt);
  if (failing) await disableFailing(d, at);
  if ((outcome.ok || gaveUp) && EVENTS_WITH_VITALS.includes(d.type))
    // Disabling ended the endpoint's other deliveries too: their events may be finished now.
    await forgetDeliveredVitals(at, failing ? undefined : d.eventId);
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
    const dev = await db.developer.findUnique({ where: { id: d.developerId }, select: { email: true, name: true } });
    if (dev) await sendMail(webhookDisabledMail(dev.email, dev.name, { id: d.endpointId, url: d.url }));
  } catch (err) {
    logger.warn("webhook disabled mail failed", { error: (err as Error).message });
  }
}
