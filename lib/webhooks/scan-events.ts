import type { Session } from "@/lib/generated/prisma/client";
import { referenceAnswer } from "@/lib/sessions/reference";
import type { WebhookEventInput } from "./emit";

// The scan events (docs/webhooks.md, "scan.completed" and "scan.failed"): what the client was
// answered, with the session's reference, so the developer's server need not trust the browser.
// The portal's Try it scans belong to no integration and send none.

export type ScanOutcome = {
  vitals: unknown;
  processingTimeMs?: number | null;
  /** Why the answer is fallback values (an inference error code, or PROCESSING_LOST). */
  failure?: string;
};

export function scanEvent(
  session: Pick<
    Session,
    "id" | "developerId" | "environment" | "apiKeyId" | "tryIt" | "clientReferenceId" | "metadata"
  >,
  outcome: ScanOutcome,
): WebhookEventInput | null {
  if (session.tryIt) return null;
  const common = { session_id: session.id, api_key_id: session.apiKeyId, ...referenceAnswer(session) };
  const data = outcome.failure
    ? { ...common, reason: outcome.failure, vitals: outcome.vitals }
    : {
        ...common,
        vitals: outcome.vitals,
        ...(outcome.processingTimeMs != null ? { processing_time_ms: outcome.processingTimeMs } : {}),
      };
  return {
    developerId: session.developerId,
    environment: session.environment,
    type: outcome.failure ? "scan.failed" : "scan.completed",
    data,
  };
}
