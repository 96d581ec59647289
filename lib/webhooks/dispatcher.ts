import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { sendMail } from "@/lib/mail/send-mail";
import { webhookDisabledMail } from "@/lib/mail/account-notices";
import { onWebhookNudge } from "./dispatcher-nudge";
import { endWaitingDeliveries, signingSecrets } from "./endpoints";
import { forgetDeliveredVitals } from "./forget-vitals";
import { postWebhook, type AttemptOutcome } from "./post-webhook";
import { signedHeaders } from "./signing";
import { unixSeconds } from "@/lib/time";

// The delivery queue's consumer (docs/webhooks.md, "Delivery"). The queue is the
// WebhookDelivery table: every instance claims due rows with FOR UPDATE SKIP LOCKED, so each
// attempt is made by one of them, and a row held by a process that died is taken again once its
// lock lapses. At least once: a receiver may see an event twice, and dedupes by webhook-id.

type Claimed = { id: string; attempts: number };

const LOCK_MARGIN_MS = 30_000;

export async function claimDue(limit: number, now: Date): Promise<Claimed[]> {
  const lockUntil = new Date(now.getTime() + env().WEBHOOK_TIMEOUT_MS + LOCK_MARGIN_MS);
  return db.$queryRaw<Claimed[]>`
    UPDATE "WebhookDelivery" SET "lockedUntil" = ${lockUntil}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM "WebhookDelivery"
      WHERE status = 'pending' AND "nextAttemptAt" <= ${now} AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})
      ORDER BY "nextAttemptAt" LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, attempts`;
}

/** The wait before the next attempt: the schedule's step with ±20 % jitter, so retries spread out. */
export function retryDelayMs(attemptsMade: number, schedule = env().WEBHOOK_RETRY_SCHEDULE, random = Math.random) {
  const seconds = schedule[attemptsMade - 1];
  return seconds === undefined ? null : Math.round(seconds * 1000 * (0.8 + 0.4 * random()));
}

/** Makes one attempt of a claimed delivery and records it. */
export async function attemptDelivery(claimed: Claimed, now = new Date()): Promise<AttemptOutcome | null> {
  const delivery = await db.webhookDelivery.findUnique({
    where: { id: claimed.id },
    include: { endpoint: true, event: true },
  });
  if (!delivery) return null;
  const { endpoint, event } = delivery;
  if (endpoint.disabledAt) {
    await db.$transaction((tx) => endWaitingDeliveries(tx, endpoint.id, "The endpoint was disabled", now));
    return null;
  }
  const body = JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: unixSeconds(event.createdAt),
    environment: event.environment,
    data: event.payload,
  });
  const secrets = signingSecrets(endpoint, now);
  const outcome: AttemptOutcome =
    secrets.length === 0
      ? {
          ok: false,
          statusCode: null,
          durationMs: 0,
          error: "The signing secret cannot be read; roll it",
          excerpt: null,
        }
      : await postWebhook(
          endpoint.url,
          signedHeaders(secrets, event.id, unixSeconds(now), body),
          body,
          env().WEBHOOK_TIMEOUT_MS,
        );
  const delay = outcome.ok ? null : retryDelayMs(claimed.attempts);
  const at = new Date();
  const gaveUp = !outcome.ok && delay === null;
  // Three days of failures with no success since this event: the endpoint is off until fixed.
  const failing =
    gaveUp && !delivery.replayOf && (!endpoint.lastSuccessAt || endpoint.lastSuccessAt < delivery.createdAt);
  await db.$transaction(async (tx) => {
    await tx.webhookAttempt.create({
      data: {
        deliveryId: delivery.id,
        at: now,
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        error: outcome.error,
        excerpt: outcome.excerpt,
      },
    });
    await tx.webhookDelivery.update({
      where: { id: delivery.id },
      data: {
        status: outcome.ok ? "succeeded" : gaveUp ? "failed" : "pending",
        lastStatusCode: outcome.statusCode,
        lastDurationMs: outcome.durationMs,
        lastError: outcome.error,
        lockedUntil: null,
        nextAttemptAt: delay === null ? undefined : new Date(at.getTime() + delay),
        finishedAt: outcome.ok || gaveUp ? at : null,
      },
    });
    if (outcome.ok) await tx.webhookEndpoint.update({ where: { id: endpoint.id }, data: { lastSuccessAt: at } });
    if (failing) {
      const disabled = await tx.webhookEndpoint.updateMany({
        where: { id: endpoint.id, disabledAt: null },
        data: { disabledAt: at, disabledReason: "failing" },
      });
      if (disabled.count === 1)
        await endWaitingDeliveries(tx, endpoint.id, "The endpoint was disabled after three days of failures", at);
    }
  });
  if (failing) await mailDisabled(endpoint.developerId, endpoint);
  // Disabling ended the endpoint's other deliveries too: their events may be finished now.
  if (outcome.ok || gaveUp) await forgetDeliveredVitals(at, failing ? undefined : event.id);
  return outcome;
}

async function mailDisabled(developerId: string, endpoint: { id: string; url: string }) {
  try {
    const dev = await db.developer.findUnique({ where: { id: developerId }, select: { email: true, name: true } });
    if (dev) await sendMail(webhookDisabledMail(dev.email, dev.name, endpoint));
  } catch (err) {
    logger.warn("webhook disabled mail failed", { error: (err as Error).message });
  }
}

// One dispatcher per process: claims as many rows as it has free slots, and claims again as
// each attempt ends, so a hanging receiver holds one slot, never the queue.
const state = { inFlight: 0, filling: false, again: false, timer: undefined as NodeJS.Timeout | undefined };

async function fill(): Promise<void> {
  if (state.filling) {
    state.again = true;
    return;
  }
  state.filling = true;
  try {
    do {
      state.again = false;
      const free = env().WEBHOOK_CONCURRENCY - state.inFlight;
      if (free <= 0) break;
      const rows = await claimDue(free, new Date());
      for (const row of rows) {
        state.inFlight++;
        void attemptDelivery(row)
          .catch((err: unknown) => logger.error("webhook delivery failed", { error: (err as Error).message }))
          .finally(() => {
            state.inFlight--;
            void fill();
          });
      }
      if (rows.length === free) state.again = true;
    } while (state.again);
  } catch (err) {
    logger.warn("webhook queue unreachable", { error: (err as Error).message });
  } finally {
    state.filling = false;
  }
}

/** Polls the queue every WEBHOOK_POLL_MS (and at once when this process queues an event). */
export function startWebhookDispatcher(): void {
  if (state.timer) return;
  state.timer = setInterval(() => void fill(), env().WEBHOOK_POLL_MS);
  state.timer.unref();
  onWebhookNudge(() => void fill());
  void fill();
}

export function stopWebhookDispatcher(): void {
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
}
