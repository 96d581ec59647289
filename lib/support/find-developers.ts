import { db } from "@/lib/db";
import { QUEUE_COLUMNS, toQueueRow, type QueueRow } from "./queues";

/** The support console's search: accounts whose e-mail, name or company contains the text. */
export async function findDevelopers(query: string, limit = 25): Promise<QueueRow[]> {
  const q = query.trim();
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
  return rows.map(toQueueRow);
}
