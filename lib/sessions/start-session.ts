import { randomUUID } from "node:crypto";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { quotaExceeded } from "@/lib/sdk-access/rules";
import type { SdkCredential } from "@/lib/keys/authenticate-client-token";
import { PLAN_LIMITS } from "@/lib/plans/plan-limits";
import { tensorStorage } from "@/lib/storage/storage";
import { usageFigures, type UsageFigures } from "@/lib/usage/usage-headers";
import { sendUsageAlerts } from "@/lib/usage/usage-alerts";
import { generateFallbackConfig, type FallbackConfig } from "./fallback";
import { insertSession, type NewSession } from "./insert-session";
import { insertTokenSession } from "./insert-token-session";
import { insertTryItSession } from "./insert-try-it-session";
import { tryItLimitError } from "@/lib/try-it/try-it-day";
import type { StartSessionBody } from "./schemas";
import { unixSeconds } from "@/lib/time";
import { undoneIfLost } from "./undo-lost-start";

export type StartedSession = {
  session_id: string;
  expires_at: number;
  upload_url: string;
  fallback_config: FallbackConfig;
};

export { usageHeaders, type UsageFigures } from "@/lib/usage/usage-headers";

/**
 * The session's reference: the body's, or the one a client token was minted with, which the
 * page holding the token cannot replace (docs/api.md, "References").
 */
export function sessionReference(
  key: SdkCredential,
  body: StartSessionBody,
): Pick<NewSession, "clientReferenceId" | "metadata"> {
  const bound = key.clientToken?.reference;
  const boundGiven = bound && (bound.clientReferenceId !== null || bound.metadata !== null);
  if (boundGiven && (body.client_reference_id !== undefined || body.metadata !== undefined))
    throw new ApiError(
      "INVALID_REQUEST",
      "This client token carries the reference it was minted with; client_reference_id and metadata cannot be given again",
    );
  if (boundGiven) return { clientReferenceId: bound.clientReferenceId, metadata: bound.metadata };
  return { clientReferenceId: body.client_reference_id ?? null, metadata: body.metadata ?? null };
}

/** What a session is started with: its demographics and its reference (sessionReference). */
export type SessionInput = Pick<NewSession, "demographics" | "clientReferenceId" | "metadata">;

/**
 * Creates a session (paying one scan of the quota on a live key, see insertSession).
 * Usage figures are reported through `onUsage` on success and on QUOTA_EXCEEDED alike.
 */
export async function startSession(
  key: SdkCredential,
  input: SessionInput,
  now: Date,
  onUsage: (u: UsageFigures) => void,
): Promise<StartedSession> {
  const developer = key.developer;
  const limit = PLAN_LIMITS[developer.plan].monthlyScans;
  const expiresAt = new Date(now.getTime() + env().SESSION_TTL_SECONDS * 1000);
  const fallbackConfig = generateFallbackConfig();
  const session: NewSession = {
    id: randomUUID(),
    developerId: developer.id,
    apiKeyId: key.apiKey?.id ?? null,
    environment: key.environment,
    ...input,
    fallbackConfig,
    expiresAt,
    now,
    monthlyLimit: limit,
  };
  // A client token also pays one of its own scans (docs/api.md, "Client tokens"); a Try it
  // token pays one of the day's Try it scans instead of the monthly quota (docs/api.md, "Try it").
  const tryIt = key.clientToken?.purpose === "try_it";
  // From the insert on, a failure with the database may follow a committed session: undone then.
  const lost = { sessionId: session.id, now, clientTokenId: key.clientToken?.id };
  return undoneIfLost(lost, async () => {
    const created = key.clientToken
      ? await insertTokenSession(key.clientToken!, session, tryIt ? insertTryItSession : insertSession)
      : await insertSession(session);
    if (!created && tryIt) throw tryItLimitError(now);
    if (!created) {
      onUsage(await usageFigures(developer, now));
      throw quotaExceeded(limit);
    }
    if (created.scansUsed !== null && created.alertsUnsent) {
      // Off the request: the answer does not wait for a mail server.
      void sendUsageAlerts(developer, created.scansUsed, limit, created.alertsUnsent, now);
    }
    onUsage(
      created.scansUsed === null
        ? await usageFigures(developer, now)
        : { current: created.scansUsed, limit, remaining: Math.max(0, limit - created.scansUsed) },
    );
    return {
      session_id: created.id,
      expires_at: unixSeconds(expiresAt),
      upload_url: await tensorStorage().uploadUrl(created.id, expiresAt),
      fallback_config: fallbackConfig,
    };
  });
}
