import { plansOf } from "@/lib/teams/personal";
import type { Plan } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/db";
import { unixSeconds } from "@/lib/time";
import { PLAN_LIMITS, PLANS } from "@/lib/plans/plan-limits";
import { Prisma } from "@/lib/generated/prisma/client";
import { monthOf } from "@/lib/usage/month";
import { FAILED_STATUS } from "@/lib/request-log/schemas";
import { FAILED_REQUESTS_THRESHOLD, type QueueName } from "./schemas";

// The support console's work queues, one page at a time (offset paging, newest first), each
// answered by an index: Developer(status, createdAt), Developer(createdAt), UsageMonth(month,
// scanCount), RequestLog(createdAt, status, developerId). See docs/benchmarks.md for the plans.

export const PAGE_SIZE = 25;
export const QUOTA_SHARE = 0.8;
const FAILED_WINDOW_MS = 24 * 3_600_000;

export type QueueRow = {
  id: string;
  email: string;
  name: string;
  company: string | null;
  status: "pending" | "active" | "suspended";
  plan: "starter" | "pro" | "enterprise";
  email_verified: boolean;
  created_at: number;
  scans?: { count: number; limit: number };
  failures?: { count: number; top_error: string | null };
};

export type QueuePage = { rows: QueueRow[]; total: number; page: number; pageCount: number };

export const QUEUE_COLUMNS = {
  id: true,
  email: true,
  name: true,
  company: true,
  status: true,
  emailVerifiedAt: true,
  createdAt: true,
} as const;
type Listed = Prisma.DeveloperGetPayload<{ select: typeof QUEUE_COLUMNS }>;

/** Accounts with the plans of their personal organizations (lib/teams/personal.ts). */
export async function withPlans<D extends Listed>(devs: D[]): Promise<(D & { plan: Plan })[]> {
  const plans = await plansOf(devs.map((d) => d.id));
  return devs.map((d) => ({ ...d, plan: plans.get(d.id) ?? "starter" }));
}

export const toQueueRow = (d: Listed & { plan: Plan }): QueueRow => ({
  id: d.id,
  email: d.email,
  name: d.name,
  company: d.company,
  status: d.status,
  plan: d.plan,
  email_verified: d.emailVerifiedAt !== null,
  created_at: unixSeconds(d.createdAt),
});

type Order = "asc" | "desc";
const DEVELOPER_QUEUES: Record<
  Exclude<QueueName, "quota" | "failing">,
  { where: Prisma.DeveloperWhereInput; order: Order }
> = {
  // Verified and waiting: what REQUIRE_APPROVAL leaves for staff (unverified accounts wait for
  // their owner). Oldest first: who waited longest is served first.
  approval: { where: { status: "pending", emailVerifiedAt: { not: null } }, order: "asc" },
  newest: { where: {}, order: "desc" },
  suspended: { where: { status: "suspended" }, order: "desc" },
};

export async function listQueue(queue: QueueName, page: number, now = new Date()): Promise<QueuePage> {
  const skip = (page - 1) * PAGE_SIZE;
  if (queue === "quota") return quotaQueue(page, skip, now);
  if (queue === "failing") return failingQueue(page, skip, now);
  const { where, order } = DEVELOPER_QUEUES[queue];
  const [rows, total] = await Promise.all([
    db.developer.findMany({
      where,
      orderBy: [{ createdAt: order }, { id: order }],
      skip,
      take: PAGE_SIZE,
      select: QUEUE_COLUMNS,
    }),
    db.developer.count({ where }),
  ]);
  return {
    rows: (await withPlans(rows)).map(toQueueRow),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}

/**
 * Accounts past QUOTA_SHARE of their plan's monthly scans this UTC month, fullest first. One
 * join walks UsageMonth(month, scanCount) from the top and looks each account up by its key;
 * the smallest plan threshold bounds the index range, the per-plan threshold picks the accounts.
 */
async function quotaQueue(page: number, skip: number, now: Date): Promise<QueuePage> {
  const threshold = (plan: (typeof PLANS)[number]) => Math.ceil(PLAN_LIMITS[plan].monthlyScans * QUOTA_SHARE);
  const perPlan = Prisma.join(
    PLANS.map((plan) => Prisma.sql`WHEN ${plan} THEN ${threshold(plan)}::int`),
    " ",
  );
  const over = Prisma.sql`FROM "UsageMonth" u JOIN "Organization" d ON d.id = u."developerId"
    WHERE u.month = ${monthOf(now)} AND u."scanCount" >= ${Math.min(...PLANS.map(threshold))}::int
      AND u."scanCount" >= CASE d.plan::text ${perPlan} END`;
  const [hits, [count]] = await Promise.all([
    db.$queryRaw<
      { id: string; scans: number }[]
    >`SELECT d.id, u."scanCount" AS scans ${over} ORDER BY u."scanCount" DESC, u."developerId" LIMIT ${PAGE_SIZE}::int OFFSET ${skip}::int`,
    db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n ${over}`,
  ]);
  return pageOf(hits, count, page, (h, d) => ({ scans: { count: h.scans, limit: PLAN_LIMITS[d.plan].monthlyScans } }));
}

/**
 * Accounts with at least FAILED_REQUESTS_THRESHOLD failed answers (status >= FAILED_STATUS) in the last
 * 24 hours, most failures first. The count reads RequestLog(createdAt, status, developerId)
 * alone (an index-only range scan of the day); the most common error code is then looked up
 * for the page's accounts only, through RequestLog(developerId, createdAt).
 */
async function failingQueue(page: number, skip: number, now: Date): Promise<QueuePage> {
  const since = new Date(now.getTime() - FAILED_WINDOW_MS);
  const failing = Prisma.sql`SELECT "developerId" AS id, count(*)::int AS failures FROM "RequestLog"
    WHERE "createdAt" >= ${since} AND status >= ${FAILED_STATUS}::int GROUP BY "developerId" HAVING count(*) >= ${FAILED_REQUESTS_THRESHOLD}`;
  const [hits, [count]] = await Promise.all([
    db.$queryRaw<
      { id: string; failures: number }[]
    >`${failing} ORDER BY failures DESC, id LIMIT ${PAGE_SIZE}::int OFFSET ${skip}::int`,
    db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM (${failing}) f`,
  ]);
  const ids = hits.map((h) => h.id);
  const top = ids.length
    ? await db.$queryRaw<{ id: string; code: string | null }[]>`SELECT DISTINCT ON (id) id, code FROM (
        SELECT "developerId" AS id, "errorCode" AS code, count(*) AS n FROM "RequestLog"
        WHERE "developerId" = ANY(${ids}::uuid[]) AND "createdAt" >= ${since} AND status >= ${FAILED_STATUS}::int GROUP BY 1, 2) c
      ORDER BY id, n DESC, code`
    : [];
  const topById = new Map(top.map((t) => [t.id, t.code]));
  return pageOf(hits, count, page, (h) => ({ failures: { count: h.failures, top_error: topById.get(h.id) ?? null } }));
}

/** A raw queue's page of account ids in order, with its figures, turned into table rows. */
async function pageOf<H extends { id: string }>(
  hits: H[],
  count: { n: bigint } | undefined,
  page: number,
  extra: (h: H, d: Listed & { plan: Plan }) => Partial<QueueRow>,
): Promise<QueuePage> {
  const devs = await withPlans(
    await db.developer.findMany({ where: { id: { in: hits.map((h) => h.id) } }, select: QUEUE_COLUMNS }),
  );
  const byId = new Map(devs.map((d) => [d.id, d]));
  const rows = hits.flatMap((h) => {
    const d = byId.get(h.id);
    return d ? [{ ...toQueueRow(d), ...extra(h, d) }] : [];
  });
  const total = Number(count?.n ?? 0);
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}
