import type { Redis } from "ioredis";
import { redis } from "@/lib/redis";
import { decide, RATE_WINDOW_MS, type RateDecision, type RateLimiter } from "./rate-limiter";

// Exact sliding window in one round trip: a Lua script runs atomically on the Redis server, so
// any number of app instances share one exact count. Each developer's counted requests are a
// list of times, newest first; times are forced to be non-decreasing (a slower clock on another
// instance cannot reorder them), so expired entries are always at the tail and leave by RPOP.
// Each request pushes at most one entry and each entry is popped once: O(1) amortised.
// With limit 0 the script only counts (nothing can be pushed).
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local since = now - tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
while true do
  local oldest = redis.call('LINDEX', KEYS[1], -1)
  if not oldest or tonumber(oldest) > since then break end
  redis.call('RPOP', KEYS[1])
end
local n = redis.call('LLEN', KEYS[1])
local allowed = 0
if n < limit then
  local newest = tonumber(redis.call('LINDEX', KEYS[1], 0) or now)
  redis.call('LPUSH', KEYS[1], math.max(now, newest))
  n = n + 1
  allowed = 1
end
if n > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return { allowed, n, tonumber(redis.call('LINDEX', KEYS[1], -1) or now) }`;

type HitCommand = (key: string, now: number, windowMs: number, limit: number) => Promise<[number, number, number]>;

const defined = new WeakSet<Redis>();

function hitCommand(client: Redis): HitCommand {
  if (!defined.has(client)) {
    // defineCommand sends EVALSHA and falls back to EVAL once when the server lacks the script.
    client.defineCommand("vitalsRateHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
    defined.add(client);
  }
  return (client as unknown as { vitalsRateHit: HitCommand }).vitalsRateHit.bind(client);
}

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

  async count(developerId: string, now: Date): Promise<number> {
    const [, n] = await this.run(developerId, 0, now);
    return n;
  }

  /** Keys expire by themselves one window after their last request. */
  async prune(): Promise<void> {}
}
