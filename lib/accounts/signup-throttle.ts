import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { retryAfterSeconds } from "@/lib/time";

// Sign-up is public and each attempt costs an argon2 hash (19 MiB, tens of ms of CPU) and,
// for a new address, an account row. One client IP gets SIGNUPS_PER_IP_PER_HOUR attempts
// per sliding hour (docs/api.md, "POST /developer/signup"), new or existing address alike,
// so the limit does not tell the two apart. Each allowed attempt is written as an audit row
// before any hashing, under a per-IP transaction lock: a burst of parallel attempts is
// counted one by one, so none passes the limit, on any number of app instances.
export const SIGNUP_ATTEMPT = "developer.signup_attempt";
const HOUR_MS = 3600_000;

/** Counts this attempt for its IP, or throws 429 RATE_LIMIT_EXCEEDED when the hour is used up. */
export async function reserveSignupAttempt(ip: string, now = new Date()): Promise<void> {
  const limit = env().SIGNUPS_PER_IP_PER_HOUR;
  const retryAfter = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`signup:${ip}`}, 0))`;
    const recent = await tx.auditLog.findMany({
      where: { action: SIGNUP_ATTEMPT, ip, createdAt: { gt: new Date(now.getTime() - HOUR_MS) } },
      select: { createdAt: true },
      orderBy: { createdAt: "desc" },
      take: limit,
    });
    if (recent.length >= limit) {
      // A place frees when the oldest of the last `limit` attempts leaves the window.
      return retryAfterSeconds(recent[recent.length - 1].createdAt.getTime() + HOUR_MS, now);
    }
    await tx.auditLog.create({ data: { actorType: "anonymous", action: SIGNUP_ATTEMPT, ip, createdAt: now } });
    return null;
  });
  if (retryAfter !== null)
    throw new ApiError(
      "RATE_LIMIT_EXCEEDED",
      "Too many sign-ups from this network address; try again later",
      retryAfter,
    );
}
