import { VitalsApiError } from "./errors.js";
import { sleepUnlessAborted } from "./http.js";
import type { IncludeOptions, CallOptions, PollOptions } from "./call-options.js";
import type { Result, Sleep, WithMeta } from "./types.js";

/** The two calls of the client this takes (VitalsClient has them). */
export type PollingClient = {
  completeUpload(sessionId: string, options: CallOptions & IncludeOptions): Promise<WithMeta<Result>>;
  pollResult(sessionId: string, options: PollOptions): Promise<WithMeta<Result>>;
};

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
const settle = <T>(p: Promise<T>): Promise<Settled<T>> =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
const unwrap = <T>(s: Settled<T>): T => {
  if (s.ok) return s.value;
  throw s.error;
};

/**
 * Upload-complete and polling side by side. Upload-complete must still be sent and kept open:
 * it is what starts inference, and with persistence off a dropped call discards the result.
 * Polling earns its keep when that long call's connection is lost: with PERSIST_VITALS=true
 * the result is still fetched. Whichever delivers a final result first wins.
 */
export async function measureByPolling(
  client: PollingClient,
  sessionId: string,
  poll: PollOptions,
  sleep: Sleep,
): Promise<WithMeta<Result>> {
  const stopCompletion = new AbortController();
  const stopPolling = new AbortController();
  const join = (own: AbortController) => (poll.signal ? AbortSignal.any([poll.signal, own.signal]) : own.signal);

  const completion = settle(client.completeUpload(sessionId, { signal: join(stopCompletion), include: poll.include }));
  // The first look waits one interval, so upload-complete has claimed the session by then.
  const polling = settle(
    (async () => {
      const signal = join(stopPolling);
      await sleepUnlessAborted(sleep, poll.intervalMs ?? 2000, signal);
      return client.pollResult(sessionId, { ...poll, signal });
    })(),
  );

  const first = await Promise.race([
    completion.then((s) => ({ from: "complete" as const, s })),
    polling.then((s) => ({ from: "poll" as const, s })),
  ]);
  if (first.from === "complete") {
    // A lost connection (not an answer from the service) leaves polling as the only way to the result.
    if (!first.s.ok && !(first.s.error instanceof VitalsApiError)) return unwrap(await polling);
    stopPolling.abort();
    return unwrap(first.s);
  }
  if (first.s.ok) {
    // The result is computed and cached; the still-open upload-complete answer would repeat it.
    stopCompletion.abort();
    return first.s.value;
  }
  // Polling failed (e.g. 404 with persistence off): the upload-complete answer decides.
  return unwrap(await completion);
}
