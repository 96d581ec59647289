import { db } from "@/lib/db";
import { unixSeconds } from "@/lib/time";

// The account page's webhook panel (docs/support.md): each endpoint and how its deliveries
// fared in the last 24 hours. Never a payload, a secret or an answer's excerpt.

export type StaffWebhookEndpoint = {
  id: string;
  url: string;
  environment: "live" | "test";
  event_types: string[];
  enabled: boolean;
  disabled_reason: string | null;
  last_success_at: number | null;
  last_day: { succeeded: number; failed: number; pending: number };
};

export async function accountWebhooks(developerId: string, now = new Date()): Promise<StaffWebhookEndpoint[]> {
  const endpoints = await db.webhookEndpoint.findMany({
    where: { developerId },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      url: true,
      environment: true,
      eventTypes: true,
      disabledAt: true,
      disabledReason: true,
      lastSuccessAt: true,
    },
  });
  if (endpoints.length === 0) return [];
  const counts = await db.webhookDelivery.groupBy({
    by: ["endpointId", "status"],
    where: { endpointId: { in: endpoints.map((e) => e.id) }, createdAt: { gt: new Date(now.getTime() - 86_400_000) } },
    _count: { _all: true },
  });
  return endpoints.map((e) => {
    const of = (status: string) => counts.find((c) => c.endpointId === e.id && c.status === status)?._count._all ?? 0;
    return {
      id: e.id,
      url: e.url,
      environment: e.environment,
      event_types: e.eventTypes,
      enabled: e.disabledAt === null,
      disabled_reason: e.disabledReason,
      last_success_at: e.lastSuccessAt && unixSeconds(e.lastSuccessAt),
      last_day: { succeeded: of("succeeded"), failed: of("failed"), pending: of("pending") },
    };
  });
}
