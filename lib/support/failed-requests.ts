import { db } from "@/lib/db";
import { toLogRow } from "@/lib/request-log/list-requests";
import { FAILED_STATUS, type RequestLogRow } from "@/lib/request-log/schemas";

// The account page's "recent failed requests": what the request log kept of the account's
// newest answers with status >= 400 (method, path, status, error code, key prefix, request id).
// The log holds no bodies, vitals or secrets, so neither does this. Read newest first through
// RequestLog(developerId, createdAt).

export const FAILED_PANEL_SIZE = 20;

export async function recentFailedRequests(developerId: string): Promise<RequestLogRow[]> {
  const rows = await db.requestLog.findMany({
    where: { developerId, status: { gte: FAILED_STATUS } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: FAILED_PANEL_SIZE,
  });
  return rows.map(toLogRow);
}
