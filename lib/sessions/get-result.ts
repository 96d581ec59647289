import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import type { SdkCredential } from "@/lib/keys/authenticate-client-token";
import type { Waveforms } from "@vitals/inference";
import type { Vitals } from "./fallback";
import { findOwnSession } from "./find-own-session";
import { referenceAnswer } from "./reference";
import { unixSeconds } from "@/lib/time";
import { isInProgress, type IN_PROGRESS } from "./states";

export type PolledResult =
  | { session_id: string; status: (typeof IN_PROGRESS)[number] }
  | {
      session_id: string;
      status: "completed";
      vitals: Vitals;
      completed_at: number;
      waveforms?: Waveforms | null;
      client_reference_id?: string;
      metadata?: Record<string, string>;
    }
  | {
      session_id: string;
      status: "failed";
      vitals?: Vitals;
      client_reference_id?: string;
      metadata?: Record<string, string>;
    };

const notFound = () => new ApiError("SESSION_NOT_FOUND", "Session not found");

/**
 * Polling. With persistence on, a result is served until its TTL (refused past it even before
 * the sweeper deletes it). With persistence off only a running upload-complete is visible.
 */
export async function getResult(
  key: SdkCredential,
  sessionId: string,
  now: Date,
  withWaveforms = false,
): Promise<PolledResult> {
  const session = await findOwnSession(key, sessionId, now);
  if (!env().PERSIST_VITALS) {
    if (session.status === "processing") return { session_id: sessionId, status: "processing" };
    throw notFound();
  }
  if (isInProgress(session.status)) {
    return { session_id: sessionId, status: session.status };
  }
  const result = await db.result.findUnique({ where: { sessionId } });
  if (!result || result.deleteAfter <= now) throw notFound();
  const vitals = result.vitals as Vitals;
  if (session.status === "failed")
    return { session_id: sessionId, status: "failed", vitals, ...referenceAnswer(session) };
  if (session.status !== "completed") throw notFound();
  const completed = {
    session_id: sessionId,
    status: "completed" as const,
    vitals,
    completed_at: unixSeconds(result.completedAt),
  };
  // Stored only when upload-complete asked for them (complete-upload.ts); null otherwise.
  const waveforms = withWaveforms ? { waveforms: (result.waveforms ?? null) as Waveforms | null } : {};
  return { ...completed, ...waveforms, ...referenceAnswer(session) };
}
