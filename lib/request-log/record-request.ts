import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { apiErrorOf } from "@/lib/http/respond";
import { isDependencyDown } from "@/lib/http/unavailable";
import { logger } from "@/lib/logger";

// The request log (docs/api.md, "Request log") is written off the hot path: a request only
// pushes a small object onto an in-process buffer; a timer writes the buffer in one INSERT.
// A crash loses at most one interval of entries, never delays or fails a request. While the
// database is unreachable the entries wait (up to MAX_BUFFERED) and are written once it is back.

export type RequestLogEntry = {
  developerId: string;
  apiKeyId: string | null;
  keyPrefix: string | null;
  clientReferenceId: string | null;
  method: string;
  path: string;
  status: number;
  errorCode: string | null;
  latencyMs: number;
  requestId: string;
  createdAt: Date;
};

const FLUSH_INTERVAL_MS = 500;
const MAX_BATCH = 500;
// Past this many waiting entries (the database is down), new ones are dropped, not hoarded.
const MAX_BUFFERED = 20_000;
const RETRY_MS = 2_000;

const state = globalThis as unknown as {
  __requestLog?: { buffer: RequestLogEntry[]; timer?: NodeJS.Timeout; flushing?: Promise<void> };
};
state.__requestLog ??= { buffer: [] };
const log = state.__requestLog;

export function requestLogEnabled(): boolean {
  return env().REQUEST_LOG;
}

/** The spec's error code of whatever a handler threw (the body toErrorResponse writes). */
export function errorCodeOf(err: unknown): string {
  return apiErrorOf(err)?.code ?? "INTERNAL";
}

/** Queues one entry; returns at once. */
export function recordRequest(entry: RequestLogEntry): void {
  if (!requestLogEnabled() || log.buffer.length >= MAX_BUFFERED) return;
  log.buffer.push(entry);
  if (!log.timer) {
    log.timer = setTimeout(() => void flushRequestLog(), FLUSH_INTERVAL_MS);
    log.timer.unref();
  }
}

/** One INSERT of column arrays: far less CPU per row than the client's createMany. */
function insertBatch(batch: RequestLogEntry[]) {
  const col = <K extends keyof RequestLogEntry>(k: K) => batch.map((e) => e[k]);
  return db.$executeRaw`
    INSERT INTO "RequestLog" ("developerId", "apiKeyId", "keyPrefix", "clientReferenceId", method, path, status, "errorCode", "latencyMs", "requestId", "createdAt")
    SELECT * FROM unnest(${col("developerId")}::uuid[], ${col("apiKeyId")}::uuid[], ${col("keyPrefix")}::text[], ${col("clientReferenceId")}::text[], ${col("method")}::text[],
      ${col("path")}::text[], ${col("status")}::int[], ${col("errorCode")}::text[], ${col("latencyMs")}::int[], ${col("requestId")}::uuid[],
      ${batch.map((e) => e.createdAt.toISOString())}::timestamp(3)[])`;
}

/** Writes one batch; false when the database is unreachable (the batch is not written). */
async function writeBatch(batch: RequestLogEntry[]): Promise<boolean> {
  try {
    await insertBatch(batch);
    return true;
  } catch (err) {
    if (isDependencyDown(err)) return false;
    // One bad row (an account deleted meanwhile) must not lose the others.
    for (const row of batch) await db.requestLog.create({ data: row }).catch(() => undefined);
    return true;
  }
}

/** Puts an unwritten batch back in front (newest dropped past the cap) and tries again later. */
function keepForRetry(batch: RequestLogEntry[]): void {
  log.buffer.unshift(...batch);
  log.buffer.length = Math.min(log.buffer.length, MAX_BUFFERED);
  clearTimeout(log.timer);
  log.timer = setTimeout(() => void flushRequestLog(), RETRY_MS);
  log.timer.unref();
}

/** Writes everything queued so far (the timer calls it; tests and shutdown may too). */
export async function flushRequestLog(): Promise<void> {
  clearTimeout(log.timer);
  log.timer = undefined;
  await log.flushing;
  const run = async () => {
    while (log.buffer.length > 0) {
      const batch = log.buffer.splice(0, MAX_BATCH);
      if (!(await writeBatch(batch))) return keepForRetry(batch);
    }
  };
  log.flushing = run().catch((err) => logger.warn("request log write failed", { error: (err as Error).message }));
  await log.flushing;
}
