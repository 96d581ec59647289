import { db } from "@/lib/db";
import { isDependencyDown } from "@/lib/http/unavailable";
import { logger } from "@/lib/logger";
import { retryUntilDatabaseBack } from "@/lib/retry-until-database-back";
import { dayOf, monthOf } from "@/lib/usage/month";

// A session start answered 503 because the database broke may still have committed, with only
// its answer lost. The client never learnt that session's id and will start again, so the
// session is deleted and its scan given back (month, key's day, Try it day, client token) once
// the database is back: a retried start is never charged twice (docs/api.md, session start).

export type LostStart = {
  sessionId: string;
  /** The start's moment: the month and day its scan was counted in. */
  now: Date;
  clientTokenId?: string;
};

function undoStart({ sessionId, now, clientTokenId }: LostStart) {
  return db.$executeRaw`
    WITH gone AS (
      DELETE FROM "Session" WHERE id = ${sessionId}::uuid AND status = 'created'
      RETURNING "developerId", "apiKeyId", environment::text AS env, "tryIt"
    ), month AS (
      UPDATE "UsageMonth" u SET "scanCount" = u."scanCount" - 1 FROM gone
      WHERE gone.env = 'live' AND NOT gone."tryIt" AND u."developerId" = gone."developerId"
        AND u.month = ${monthOf(now)} AND u."scanCount" > 0
    ), day AS (
      UPDATE "KeyUsageDay" d SET "scanCount" = d."scanCount" - 1 FROM gone
      WHERE gone.env = 'live' AND NOT gone."tryIt" AND d."apiKeyId" = gone."apiKeyId"
        AND d.day = ${dayOf(now)} AND d."scanCount" > 0
    ), try_it AS (
      UPDATE "TryItDay" t SET "scanCount" = t."scanCount" - 1 FROM gone
      WHERE gone."tryIt" AND t."developerId" = gone."developerId" AND t.day = ${dayOf(now)} AND t."scanCount" > 0
    ), token AS (
      UPDATE "ClientToken" c SET "scansUsed" = c."scansUsed" - 1
      WHERE c.id = ${clientTokenId ?? null}::uuid AND EXISTS (SELECT 1 FROM gone) AND c."scansUsed" > 0
    )
    SELECT 1`;
}

// Failures whose undo is already scheduled. The hot path falls back to startSession (which
// undoes its own session) only where its statement wrote none: an outer undo would be a
// second retry loop for a session id never written.
const undoScheduled = new WeakSet<object>();

/** Runs `start`; when it fails with the database, its session (if it was written) is undone. */
export async function undoneIfLost<T>(lost: LostStart, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (err) {
    if (isDependencyDown(err) && !undoScheduled.has(err as object)) {
      undoScheduled.add(err as object);
      logger.warn("session start failed with the database; undoing it once the database is back", {
        error: (err as Error).message,
      });
      retryUntilDatabaseBack(() => undoStart(lost));
    }
    throw err;
  }
}
