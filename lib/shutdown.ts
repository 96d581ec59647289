import type { Env } from "@/lib/env";

const MARGIN_MS = 5_000;

/**
 * How long a stopping server waits for the requests in flight before it exits: the longest an
 * upload-complete may legitimately take (waiting for a thread or a queue worker, then the scan),
 * so a deploy never cuts off scans that were paid for (docs/deploy.md, "Stopping").
 */
export function drainWindowMs(
  e: Pick<Env, "INFERENCE_QUEUE" | "INFERENCE_QUEUE_WAIT_MS" | "INFERENCE_TIMEOUT_MS">,
): number {
  const longestScan =
    e.INFERENCE_QUEUE === "redis" ? e.INFERENCE_QUEUE_WAIT_MS : e.INFERENCE_QUEUE_WAIT_MS + e.INFERENCE_TIMEOUT_MS;
  return longestScan + MARGIN_MS;
}
