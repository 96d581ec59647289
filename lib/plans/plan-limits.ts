import type { Plan } from "@/lib/generated/prisma/enums";

// The spec's plan table: the one place these numbers live.
export const PLAN_LIMITS: Record<Plan, { requestsPerHour: number; monthlyScans: number; maxKeys: number }> = {
  starter: { requestsPerHour: 300, monthlyScans: 500, maxKeys: 3 },
  pro: { requestsPerHour: 1_000, monthlyScans: 5_000, maxKeys: 5 },
  enterprise: { requestsPerHour: 5_000, monthlyScans: 50_000, maxKeys: 10 },
};

export const PLANS = Object.keys(PLAN_LIMITS) as Plan[];
