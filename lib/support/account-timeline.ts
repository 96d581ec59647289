import { db } from "@/lib/db";
import { unixSeconds } from "@/lib/time";

// An account's audit timeline, newest first, one page at a time: what the developer did
// (actorId), and what was done to the account or to its keys (targetId). Both columns are
// indexed with createdAt, so the database merges two index scans (docs/benchmarks.md).

export const TIMELINE_PAGE_SIZE = 25;

export type TimelineEntry = {
  id: string;
  at: number;
  action: string;
  actor: string;
  ip: string | null;
  reason: string | null;
  details: string;
};

/** Names the actors of some audit rows: "the developer", "staff ann@example.com", or the actor type. */
export async function actorNamer(rows: { actorId: string | null }[], developerId: string) {
  const others = [...new Set(rows.map((r) => r.actorId).filter((id): id is string => !!id && id !== developerId))];
  const actors = others.length
    ? await db.developer.findMany({ where: { id: { in: others } }, select: { id: true, email: true } })
    : [];
  const emails = new Map(actors.map((a) => [a.id, a.email]));
  return (type: string, id: string | null) =>
    id === developerId ? "the developer" : id && emails.has(id) ? `${type} ${emails.get(id)}` : type;
}

/** Details other than the reason, as "key: value" pairs (audit rows never hold secrets). */
function describeDetails(details: unknown): { reason: string | null; rest: string } {
  if (!details || typeof details !== "object") return { reason: null, rest: "" };
  const { reason, ...rest } = details as Record<string, unknown>;
  const text = Object.entries(rest)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : String(v)}`)
    .join("; ");
  return { reason: typeof reason === "string" ? reason : null, rest: text };
}

export async function getAccountTimeline(developerId: string, page: number) {
  const keys = await db.apiKey.findMany({ where: { developerId }, select: { id: true } });
  const where = { OR: [{ actorId: developerId }, { targetId: { in: [developerId, ...keys.map((k) => k.id)] } }] };
  const [rows, total] = await Promise.all([
    db.auditLog.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * TIMELINE_PAGE_SIZE,
      take: TIMELINE_PAGE_SIZE,
      select: { id: true, actorId: true, actorType: true, action: true, ip: true, details: true, createdAt: true },
    }),
    db.auditLog.count({ where }),
  ]);
  const actor = await actorNamer(rows, developerId);
  const entries: TimelineEntry[] = rows.map((r) => {
    const { reason, rest } = describeDetails(r.details);
    return {
      id: r.id,
      at: unixSeconds(r.createdAt),
      action: r.action,
      actor: actor(r.actorType, r.actorId),
      ip: r.ip,
      reason,
      details: rest,
    };
  });
  return { entries, total, page, pageCount: Math.max(1, Math.ceil(total / TIMELINE_PAGE_SIZE)) };
}
