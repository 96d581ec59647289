import { db } from "@/lib/db";
import { unixSeconds } from "@/lib/time";
import { skipOf, TEAM_PAGE_SIZE } from "./paging";

// An organization's audit trail (docs/teams.md, "Audit"): every action taken in it, newest first,
// each naming the member who took it; filtered to one member on request.

export async function listAudit(organizationId: string, opts: { page?: number; member?: string } = {}) {
  const page = opts.page ?? 1;
  const where = { organizationId, ...(opts.member ? { actorId: opts.member } : {}) };
  const [rows, total] = await Promise.all([
    db.auditLog.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: skipOf(page),
      take: TEAM_PAGE_SIZE,
      select: {
        id: true,
        action: true,
        actorId: true,
        actorType: true,
        targetType: true,
        targetId: true,
        createdAt: true,
      },
    }),
    db.auditLog.count({ where }),
  ]);
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((id): id is string => id !== null))];
  const actors = await db.developer.findMany({
    where: { id: { in: actorIds } },
    select: { id: true, email: true, name: true },
  });
  const byId = new Map(actors.map((a) => [a.id, a]));
  return {
    entries: rows.map((r) => {
      const actor = r.actorId ? byId.get(r.actorId) : undefined;
      return {
        id: r.id,
        at: unixSeconds(r.createdAt),
        action: r.action,
        actor:
          r.actorType === "developer"
            ? { type: "member" as const, account_id: r.actorId, email: actor?.email ?? null, name: actor?.name ?? null }
            : { type: r.actorType, account_id: null, email: null, name: null },
        target_type: r.targetType,
        target_id: r.targetId,
      };
    }),
    total,
    page,
    page_size: TEAM_PAGE_SIZE,
  };
}
