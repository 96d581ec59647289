import type { Redis } from "ioredis";
import { redis } from "@/lib/redis";
import {
  THROTTLE_LIMITS,
  THROTTLE_WINDOW_SECONDS,
  type ThrottleScope,
  type ThrottleState,
  type ThrottleStore,
} from "./throttle-store";

// The brute-force counters in Redis: one hash per scope and identifier, updated atomically by a
// script with the same rule as the PostgreSQL store (a run of failures within the window, the
// scope's limit-th starts a 15-minute block). Keys expire once neither the run nor a block can
// matter.
const FAILURE_SCRIPT = `
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local first = tonumber(redis.call('HGET', KEYS[1], 'first'))
local failures = 1
if first and first >= now - windowMs then
  failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
else
  redis.call('HSET', KEYS[1], 'failures', 1, 'first', now)
end
if failures >= tonumber(ARGV[3]) then redis.call('HSET', KEYS[1], 'blockedUntil', now + windowMs) end
redis.call('PEXPIRE', KEYS[1], 2 * windowMs)
return failures`;

const SUCCESS_SCRIPT = `
local blocked = tonumber(redis.call('HGET', KEYS[1], 'blockedUntil'))
if ARGV[2] ~= '1' and blocked and blocked > tonumber(ARGV[1]) then return 0 end
return redis.call('DEL', KEYS[1])`;

const FORGIVE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local failures = redis.call('HINCRBY', KEYS[1], 'failures', -1)
if failures < 0 then redis.call('HSET', KEYS[1], 'failures', 0); failures = 0 end
if failures < tonumber(ARGV[1]) then redis.call('HDEL', KEYS[1], 'blockedUntil') end
return failures`;

type Commands = {
  vitalsAuthFailure(key: string, now: number, windowMs: number, max: number): Promise<number>;
  vitalsAuthSuccess(key: string, now: number, endBlock: string): Promise<number>;
  vitalsAuthForgive(key: string, max: number): Promise<number>;
};

const defined = new WeakSet<Redis>();

function commands(client: Redis): Redis & Commands {
  if (!defined.has(client)) {
    client.defineCommand("vitalsAuthFailure", { numberOfKeys: 1, lua: FAILURE_SCRIPT });
    client.defineCommand("vitalsAuthSuccess", { numberOfKeys: 1, lua: SUCCESS_SCRIPT });
    client.defineCommand("vitalsAuthForgive", { numberOfKeys: 1, lua: FORGIVE_SCRIPT });
    defined.add(client);
  }
  return client as Redis & Commands;
}

/** The Redis key of one scope's counters for one identifier (read by session start's script too). */
export const throttleKey = (scope: ThrottleScope, identifier: string) => `throttle:${scope}:${identifier}`;
const keyOf = throttleKey;

export class RedisThrottleStore implements ThrottleStore {
  constructor(private readonly client: () => Redis = redis) {}

  async state(scope: ThrottleScope, identifier: string): Promise<ThrottleState> {
    const [failures, blockedUntil] = await this.client().hmget(keyOf(scope, identifier), "failures", "blockedUntil");
    if (failures === null) return null;
    return { blockedUntil: blockedUntil === null ? null : new Date(Number(blockedUntil)) };
  }

  async recordFailure(scope: ThrottleScope, identifier: string, now: Date): Promise<number> {
    return commands(this.client()).vitalsAuthFailure(
      keyOf(scope, identifier),
      now.getTime(),
      THROTTLE_WINDOW_SECONDS * 1000,
      THROTTLE_LIMITS[scope],
    );
  }

  async recordSuccess(scope: ThrottleScope, identifier: string, now: Date, endBlock = false): Promise<void> {
    await commands(this.client()).vitalsAuthSuccess(keyOf(scope, identifier), now.getTime(), endBlock ? "1" : "0");
  }

  async forgiveOne(scope: ThrottleScope, identifier: string): Promise<void> {
    await commands(this.client()).vitalsAuthForgive(keyOf(scope, identifier), THROTTLE_LIMITS[scope]);
  }
}
