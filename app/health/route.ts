// GET /health: liveness, reachability of the database and (when configured) Redis, and where
// scans run: this process's pool, or the Redis queue with its depth, workers and job times.
import { endpoint } from "@/lib/http/endpoint";
import { env } from "@/lib/env";
import { route } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { checkDatabase } from "@/lib/health/check-database";
import { checkRedis } from "@/lib/health/check-redis";
import { queueStatus } from "@/lib/inference/scan-queue";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: route(async () => {
    const [database, redis] = await Promise.all([checkDatabase(), checkRedis()]);
    const inference = env().INFERENCE_QUEUE === "redis" ? await queueStatus() : { mode: "pool" };
    return json({ status: "ok", database, redis, inference });
  }),
});
