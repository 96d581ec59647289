import type { RateDecision } from "@/lib/limits/rate-window";
import { type AccountFacts, assertAccountActive, assertWithinWindow, rateHeaders } from "./rules";

/** What the rules after the key need, however the request's counters were read. */
export type Admission = {
  account: AccountFacts;
  /** A refusal checked before the account's and, like it, not counted (a client token's origin). */
  gate?: () => void;
  /** Counts the request in the hourly window, or gives the count a reader already made. */
  hit: () => Promise<RateDecision>;
  /** The window's figures, counting nothing (for an answer that does not count). */
  peek: () => Promise<RateDecision>;
  /** Takes back a count made before these rules were judged (the Redis path counts first). */
  undo?: () => Promise<void>;
};

/**
 * The rules after the key, in order: the gate and the account's status (neither counted), then
 * the hourly window. The account is known by now, so the X-RateLimit-* figures go on every
 * answer, refusals included (docs/api.md, "Limits").
 */
export async function admit(headers: Headers, a: Admission): Promise<RateDecision> {
  try {
    a.gate?.();
    assertAccountActive(a.account);
  } catch (err) {
    await a.undo?.();
    setHeaders(headers, rateHeaders(await a.peek()));
    throw err;
  }
  const decision = await a.hit();
  setHeaders(headers, rateHeaders(decision));
  assertWithinWindow(decision);
  return decision;
}

export function setHeaders(headers: Headers, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) headers.set(name, value);
}
