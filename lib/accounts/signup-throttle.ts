import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { retryAfterSeconds } from "@/lib/time";

// Sign-up is public and each attempt costs an argon2 hash (19 MiB, tens of ms of CPU) and,
// for a new address, an account row. One client IP gets SIGNUPS_PER_IP_PER_HOUR attempts
// per sliding hour, counted from the audit rows every attempt writes (new or existing
// address alike, so the limit does not tell the two apart). Concurrent attempts may pass a
// few over the limit: it bounds load, it is not a quota.
export const SIGNUP_ACTIONS = ["developer.signup", "developer.signup_existing"];
const HOUR_MS = 3600_000;

export async function assertSignupAllowed(ip: string, now = new Date()): Promise<void> {
  const limit = env().SIGNUPS_PER_IP_PER_HOUR;
  const recent = await db.auditLog.findMany({
    where: { action: { in: SIGNUP_ACTIONS }, ip, createdAt: { gt: new Date(now.getTime() - HOUR_MS) } },
    select: { createdAt: true },
    orderBy: { createdAt: "desc" },
    take: limit,
  });
  if (recent.length < limit) return;
  // A place frees when the oldest of the last `limit` attempts leaves the window.
  const oldest = recent[recent.length - 1].createdAt.getTime();
  const retryAfter = retryAfterSeconds(oldest + HOUR_MS, now);
  throw new ApiError("RATE_LIMIT_EXCEEDED", "Too many sign-ups from this network address; try again later", retryAfter);
}
