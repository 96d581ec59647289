import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "@/lib/http/unavailable";
import { redis } from "@/lib/redis";

/** "up", "not configured" without REDIS_URL, or 503 UNAVAILABLE when Redis does not answer. */
export async function checkRedis(): Promise<"up" | "not configured"> {
  if (!env().REDIS_URL) return "not configured";
  try {
    await redis().ping();
    return "up";
  } catch {
    throw new ApiError("UNAVAILABLE", "Redis is not reachable", UNAVAILABLE_RETRY_AFTER_SECONDS);
  }
}
