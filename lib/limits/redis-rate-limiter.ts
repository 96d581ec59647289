import type { Redis } from "ioredis";
import { redis } from "@/lib/redis";
import { decide, RATE_WINDOW_MS, type RateDecision, type RateLimiter } from "./rate-window";

// Exact sliding window in one round trip: a Lua script runs atomically on the Redis server, so
// any number of app instances share one exact count. Each developer's counted requests are a
// list of times, newest first; times are forced to be non-decreasing (a slower clock on another
// instance cannot reorder them), so expired entries are always at the tail and leave by RPOP.
// Each request pushes at most one entry and each entry is popped once: O(1) amortised.
// With limit 0 the script only counts (nothing can be pushed).
// The window step both scripts share (now in `now`): drop expired entries, count, push one if
// under the limit; leaves allowed, n, pushed (0 if none) and oldest.
const WINDOW_STEP = `
local since = now - tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
while true do
  local oldest = redis.call('LINDEX', KEYS[1], -1)
  if not oldest or tonumber(oldest) > since then break end
  redis.call('RPOP', KEYS[1])
end
local n = redis.call('LLEN', KEYS[1])
local allowed = 0
local pushed = 0
if n < limit then
  pushed = math.max(now, tonumber(redis.call('LINDEX', KEYS[1], 0) or now))
  redis.call('LPUSH', KEYS[1], pushed)
  n = n + 1
  allowed = 1
end
if n > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
local oldest = tonumber(redis.call('LINDEX', KEYS[1], -1) or now)`;

const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
${WINDOW_STEP}
return { allowed, n, oldest }`;

// Session start's one round trip (lib/sessions/start-session-handler.ts): the SDK brute-force
// block of the client IP first (a blocked request counts nothing), then the window as above.
// Returns the window's figures, the time pushed (for a refund), and the block state.
const GUARDED_HIT_SCRIPT = `
local blocked = tonumber(redis.call('HGET', KEYS[2], 'blockedUntil'))
local now = tonumber(ARGV[1])
if blocked and blocked > now then return { -1, 0, 0, 0, blocked } end
${WINDOW_STEP}
return { allowed, n, oldest, pushed, 0 }`;

type HitCommand = (key: string, now: number, windowMs: number, limit: number) => Promise<[number, number, number]>;
type GuardedHitCommand = (
  key: string,
  throttleKey: string,
  now: number,
  windowMs: number,
  limit: number,
) => Promise<number[]>;

const defined = new WeakSet<Redis>();

function commands(client: Redis) {
  if (!defined.has(client)) {
    // defineCommand sends EVALSHA and falls back to EVAL once when the server lacks the script.
    client.defineCommand("vitalsRateHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
    client.defineCommand("vitalsGuardedRateHit", { numberOfKeys: 2, lua: GUARDED_HIT_SCRIPT });
    defined.add(client);
  }
  return client as unknown as {
    vitalsRateHit: HitCommand;
    vitalsGuardedRateHit: GuardedHitCommand;
    lrem: Redis["lrem"];
  };
}

function hitCommand(client: Redis): HitCommand {
  return commands(client).vitalsRateHit.bind(client);
}

/** A counted request whose answer turned out not to count (401, account 403), and what it pushed. */
export type GuardedHit =
  | { blocked: true; blockedUntil: Date }
  | { blocked: false; decision: RateDecision; pushed: number };

export class RedisRateLimiter implements RateLimiter {
  constructor(private readonly client: () => Redis = redis) {}

  private run(developerId: string, limit: number, now: Date) {
    return hitCommand(this.client())(`rate:${developerId}`, now.getTime(), RATE_WINDOW_MS, limit);
  }

  async hit(developerId: string, limit: number, now: Date): Promise<RateDecision> {
    const [allowed, n, oldest] = await this.run(developerId, limit, now);
    return decide(limit, n, oldest, allowed === 1, now);
  }

  async peek(developerId: string, limit: number, now: Date): Promise<RateDecision> {
    const [, n, oldest] = await this.run(developerId, 0, now);
    return decide(limit, n, oldest, n < limit, now);
  }

  /**
   * The SDK brute-force block of `ip` and a hit on the window, in one round trip. A blocked IP
   * counts nothing. The caller refunds the hit (refund below) when the request proves not to
   * count after all (an unknown, revoked or expired key; an inactive account).
   */
  async guardedHit(developerId: string, limit: number, now: Date, throttleKey: string): Promise<GuardedHit> {
    const client = this.client();
    const [allowed, n, oldest, pushed, blockedUntil] = (
      await commands(client).vitalsGuardedRateHit(
        `rate:${developerId}`,
        throttleKey,
        now.getTime(),
        RATE_WINDOW_MS,
        limit,
      )
    ).map(Number);
    if (allowed === -1) return { blocked: true, blockedUntil: new Date(blockedUntil) };
    return { blocked: false, decision: decide(limit, n, oldest, allowed === 1, now), pushed };
  }

  /** Takes one counted request back out of the window (equal times are interchangeable). */
  async refund(developerId: string, pushed: number): Promise<void> {
    await this.client().lrem(`rate:${developerId}`, 1, String(pushed));
  }

  async count(developerId: string, now: Date): Promise<number> {
    const [, n] = await this.run(developerId, 0, now);
    return n;
  }

  /** Keys expire by themselves one window after their last request. */
  async prune(): Promise<void> {}
}
