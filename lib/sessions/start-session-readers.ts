import { pgPool } from "@/lib/db";
import type { Plan } from "@/lib/generated/prisma/enums";
import { throttleKey } from "@/lib/limits/redis-auth-throttle";
import { countedDecision } from "@/lib/limits/postgres-rate-limiter";
import { RedisRateLimiter } from "@/lib/limits/redis-rate-limiter";
import type { RateDecision } from "@/lib/limits/rate-window";
import { PLAN_LIMITS } from "@/lib/plans/plan-limits";
import { assertAddressNotBlocked } from "@/lib/sdk-access/rules";
import {
  accountOfKey,
  startAfterRedisWindow,
  startWithPostgresWindow,
  type KeyRow,
  type NewStart,
} from "./start-session-statement";

// The fast ways of reading a session start's row (start-session-handler.ts judges it): the key,
// its account, the hourly window's decision and the quota's outcome. "general" when a reader
// cannot answer (no key has this hash, or the key's account or plan moved under it): the
// general path then reads everything again.

export type StartRead = {
  row: KeyRow & { developerId: string };
  /** The client address's SDK brute-force block, while it runs. */
  blockedUntil: Date | null;
  /** The window's decision; null when the statement counted nothing (a refused key or account). */
  window: RateDecision | null;
  /** Takes back a count made before the rules were judged. */
  undo?: () => Promise<void>;
};

/** The window in PostgreSQL: block, key, account, window, quota and session in one statement. */
export async function readWithPostgresWindow(ip: string, s: NewStart): Promise<StartRead | "general"> {
  const row = await startWithPostgresWindow(pgPool()!, s, ip);
  if (row.developerId === null) return "general";
  const window =
    row.seq === null
      ? null
      : countedDecision(
          {
            seq: BigInt(row.seq),
            lastAtMs: row.lastAtMs!,
            allowed: !!row.allowed,
            firstSeq: row.firstSeq === null ? null : BigInt(row.firstSeq),
            firstAtMs: row.firstAtMs,
            seenSeq: row.seenSeq === null ? null : BigInt(row.seenSeq),
          },
          row.hourly,
          s.now,
        );
  return {
    row: { ...row, developerId: row.developerId },
    blockedUntil: row.blocked ? new Date(row.blockedMs!) : null,
    window,
  };
}

// The Redis path judges the window before the statement, so it needs the key's account and plan
// first. Which account a key belongs to never changes; the plan is only a guess here, checked by
// the statement (a changed plan refunds the hit and judges again).
const MAX_CACHED_KEYS = 10_000;
// Its own instance (stateless over the process's one Redis client): the shared one on globalThis
// may come from another route's copy of the module, so it is not checked by class here.
const redisWindow = new RedisRateLimiter();
const keyAccounts = new Map<string, { developerId: string; plan: string }>();

/** The window in Redis: block and window in one script, then key, account, quota and session in one statement. */
export async function readWithRedisWindow(ip: string, s: NewStart, attempt = 0): Promise<StartRead | "general"> {
  const pool = pgPool()!;
  let account = keyAccounts.get(s.keyHash);
  if (!account) {
    const found = await accountOfKey(pool, s.keyHash);
    if (!found) return "general";
    if (keyAccounts.size >= MAX_CACHED_KEYS) keyAccounts.clear();
    account = found;
    keyAccounts.set(s.keyHash, account);
  }
  const { developerId, plan } = account;
  const limit = PLAN_LIMITS[plan as Plan].requestsPerHour;
  const hit = await redisWindow.guardedHit(developerId, limit, s.now, throttleKey("sdk", ip));
  if (hit.blocked) {
    // Blocked before anything else was read: the first rule answers.
    assertAddressNotBlocked(hit.blockedUntil, s.now);
    return "general"; // a block that ended between the script and here
  }
  const counted = hit.decision.allowed;
  // A refused hit counted nothing: the statement then only reads (the key's answer wins over 429).
  const row = await startAfterRedisWindow(pool, { ...s, create: s.create && counted }, plan);
  const undo = () => (counted ? redisWindow.refund(developerId, hit.pushed) : Promise.resolve());
  if (row.developerId !== developerId) {
    keyAccounts.delete(s.keyHash);
    await undo();
    return "general";
  }
  if (row.plan !== plan) {
    // Judged under a plan that changed: take the hit back and judge again under the new one
    // (the general path if it changed once more meanwhile).
    keyAccounts.set(s.keyHash, { developerId, plan: row.plan });
    await undo();
    return attempt === 0 ? readWithRedisWindow(ip, s, 1) : "general";
  }
  return { row: { ...row, developerId }, blockedUntil: null, window: hit.decision, undo };
}
