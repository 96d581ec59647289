import { Redis } from "ioredis";
import { env } from "@/lib/env";

// One Redis connection per process (ioredis pipelines every command over it), created on first
// use. While Redis is unreachable a command fails fast (one reconnect attempt; 10 s at most when
// the server accepts but never answers, long enough for a loaded process to read its reply) so
// the request is answered 503 instead of hanging; the client reconnects by itself when it returns.
const globalForRedis = globalThis as unknown as { __vitalsRedis?: Redis };

export function createRedis(url: string, options: { keyPrefix?: string } = {}): Redis {
  const client = new Redis(url, {
    keyPrefix: options.keyPrefix,
    maxRetriesPerRequest: 1,
    commandTimeout: 10_000,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 100, 1000),
  });
  // Without a listener an unreachable server would be reported as an unhandled error event.
  client.on("error", () => undefined);
  return client;
}

/** The process's Redis client with the configured key prefix; REDIS_URL must be set. */
export function redis(): Redis {
  const { REDIS_URL, REDIS_KEY_PREFIX } = env();
  if (!REDIS_URL) throw new Error("REDIS_URL is not set");
  globalForRedis.__vitalsRedis ??= createRedis(REDIS_URL, { keyPrefix: REDIS_KEY_PREFIX });
  return globalForRedis.__vitalsRedis;
}
