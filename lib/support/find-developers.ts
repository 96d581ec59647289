import { db } from "@/lib/db";
import { QUEUE_COLUMNS, toQueueRow, withPlans, type QueueRow } from "./queues";

/** The support console's search: accounts whose e-mail, name or company contains the text. */
export async function findDevelopers(query: string, limit = 25): Promise<QueueRow[]> {
  // Text, not a pattern: LIKE's wildcards and escape are taken literally; control characters
  // (a NUL PostgreSQL refuses) and lone surrogates are in no stored field, so they are dropped.
  const q = query
    .replace(/[\p{Cc}\p{Cs}]/gu, "")
    .trim()
    .replace(/[\\%_]/g, "\\$&");
  if (!q) return [];
  const rows = await db.developer.findMany({
    where: {
      OR: [
        { email: { contains: q, mode: "insensitive" } },
        { name: { contains: q, mode: "insensitive" } },
        { company: { contains: q, mode: "insensitive" } },
      ],
    },
    orderBy: { createdAt: "desc" },
    take: limit,
    select: QUEUE_COLUMNS,
  });
  return (await withPlans(rows)).map(toQueueRow);
}
