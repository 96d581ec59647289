import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { unixSeconds } from "@/lib/time";
import {
  LOG_WINDOWS,
  REQUEST_LOG_RETENTION_DAYS,
  requestLogQuery,
  type RequestLogQuery,
  type RequestLogRow,
} from "./schemas";

const DEFAULT_PAGE_SIZE = 25;

type Row = Prisma.RequestLogGetPayload<object>;

export function toLogRow(r: Row): RequestLogRow {
  return {
    request_id: r.requestId,
    at: unixSeconds(r.createdAt),
    method: r.method,
    path: r.path,
    status: r.status,
    error: r.errorCode,
    latency_ms: r.latencyMs,
    key_id: r.apiKeyId,
    key_prefix: r.keyPrefix,
    client_reference_id: r.clientReferenceId,
  };
}

function where(developerId: string, q: RequestLogQuery, now: Date): Prisma.RequestLogWhereInput {
  const windowSeconds = q.since ? LOG_WINDOWS[q.since] : REQUEST_LOG_RETENTION_DAYS * 86_400;
  const w: Prisma.RequestLogWhereInput = {
    developerId,
    createdAt: { gte: new Date(now.getTime() - windowSeconds * 1000) },
  };
  if (q.key_id) w.apiKeyId = q.key_id;
  if (q.request_id) w.requestId = q.request_id;
  // A prefix, taken literally: Prisma hands startsWith to LIKE, where % and _ are wildcards.
  if (q.path) w.path = { startsWith: q.path.replace(/[\\%_]/g, "\\$&") };
  if (q.status) {
    const floor = Number(q.status[0]) * 100;
    w.status = { gte: floor, lt: floor + 100 };
  }
  return w;
}

/** One page of the account's request log, newest first, with the total for the pager. */
export async function listRequests(developerId: string, query: unknown, now = new Date()) {
  const q = requestLogQuery.parse(query);
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
  const filter = where(developerId, q, now);
  const [rows, total] = await Promise.all([
    db.requestLog.findMany({
      where: filter,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
    db.requestLog.count({ where: filter }),
  ]);
  return { requests: rows.map(toLogRow), total, page, page_size: pageSize };
}

/** A request by its id (X-Request-Id), across accounts, with its account: for support staff. */
export async function findRequestForSupport(requestId: string) {
  const parsed = requestLogQuery.shape.request_id.safeParse(requestId.trim());
  if (!parsed.success || !parsed.data) return null;
  const row = await db.requestLog.findFirst({
    where: { requestId: parsed.data },
  });
  if (!row) return null;
  // The organization the request was for; a personal one has its account's id and e-mail.
  const account = await db.developer.findUnique({ where: { id: row.developerId }, select: { id: true, email: true } });
  return { ...toLogRow(row), developer: account ?? { id: row.developerId, email: "(team organization)" } };
}

/** Deletes entries past the 30 days the log keeps (run by the sweeper). */
export async function pruneRequestLog(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REQUEST_LOG_RETENTION_DAYS * 86_400_000);
  return (await db.requestLog.deleteMany({ where: { createdAt: { lt: cutoff } } })).count;
}
