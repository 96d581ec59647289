import { getUsage } from "./get-usage";
import type { Plan } from "@/lib/generated/prisma/enums";

export type UsageFigures = { current: number; limit: number; remaining: number };

/** The X-Usage-* headers of session start's answers (docs/api.md, "Limits"). */
export function usageHeaders(u: UsageFigures): Record<string, string> {
  return {
    "X-Usage-Current": String(u.current),
    "X-Usage-Limit": String(u.limit),
    "X-Usage-Remaining": String(u.remaining),
  };
}

/** This month's live figures of an account, as the headers carry them. */
export async function usageFigures(developer: { id: string; plan: Plan }, now: Date): Promise<UsageFigures> {
  const usage = await getUsage(developer, now);
  return { current: usage.current_month.scan_count, limit: usage.limit, remaining: usage.remaining };
}
