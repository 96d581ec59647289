import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { attemptDelivery, claimDue } from "./attempt-delivery";
import { onWebhookNudge } from "./dispatcher-nudge";

// The delivery queue's consumer in each server process (docs/webhooks.md, "Delivery"): claims
// as many due deliveries as it has free slots, and claims again as each attempt ends, so a
// hanging receiver holds one slot, never the queue. At least once: a receiver may see an event
// twice, and dedupes by webhook-id.

const state = {
  inFlight: 0,
  filling: false,
  again: false,
  stopping: false,
  current: Promise.resolve(),
  timer: undefined as NodeJS.Timeout | undefined,
  idle: [] as (() => void)[],
};

function fill(): Promise<void> {
  if (state.filling) {
    state.again = true;
    return state.current;
  }
  state.filling = true;
  state.current = claimWhileFree();
  return state.current;
}

async function claimWhileFree(): Promise<void> {
  try {
    do {
      state.again = false;
      if (state.stopping) break;
      const free = env().WEBHOOK_CONCURRENCY - state.inFlight;
      if (free <= 0) break;
      const rows = await claimDue(free, new Date());
      for (const row of rows) {
        state.inFlight++;
        void attemptDelivery(row)
          .catch((err: unknown) => logger.error("webhook delivery failed", { error: (err as Error).message }))
          .finally(() => {
            state.inFlight--;
            if (state.inFlight === 0) for (const resolve of state.idle.splice(0)) resolve();
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
  // The server's stop (server/start.ts) reaches this module through the global: Next bundles its
  // own copy of lib/.
  (globalThis as { __vitalsStopWebhooks?: () => Promise<void> }).__vitalsStopWebhooks = stopWebhookDispatcher;
  void fill();
}

/**
 * Claims nothing more and resolves once the attempts in flight are recorded, so a stopping
 * instance leaves no claim to lapse (one it cannot finish is retried by another instance).
 */
export async function stopWebhookDispatcher(): Promise<void> {
  state.stopping = true;
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
  // A claim under way hands its rows to attempts first; then those are waited for.
  await state.current;
  if (state.inFlight > 0) await new Promise<void>((resolve) => state.idle.push(resolve));
}
