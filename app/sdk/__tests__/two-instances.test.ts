import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { PostgresRateLimiter } from "@/lib/limits/postgres-rate-limiter";
import type { RateLimiter } from "@/lib/limits/rate-limiter";
import { RedisRateLimiter } from "@/lib/limits/redis-rate-limiter";
import { createRedis } from "@/lib/redis";
import { createDeveloperWithKeys, setScansThisMonth } from "@/test/fixtures";
import { Secret, TOTP } from "otpauth";
import { confirmTotpEnrolment, startTotpEnrolment } from "@/lib/accounts/totp";
import { developerWithToken } from "@/test/developer-fixtures";

const run = promisify(execFile);
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const REDIS_KEY_PREFIX = `test:${process.pid}:${Date.now()}:`;
const redisClient = createRedis(REDIS_URL, { keyPrefix: REDIS_KEY_PREFIX });
afterAll(() => redisClient.quit());

// The limits' store of both processes, and a view of it from this one.
const stores: [string, Record<string, string>, RateLimiter][] = [
  ["PostgreSQL", { RATE_LIMIT_STORE: "postgres" }, new PostgresRateLimiter()],
  ["Redis", { RATE_LIMIT_STORE: "redis", REDIS_URL, REDIS_KEY_PREFIX }, new RedisRateLimiter(() => redisClient)],
];

describe.each(stores)("two app processes on one database, limits in %s", (_name, storeEnv, limiter) => {
  /** Runs the same burst in two separate processes at once, as two app instances would. */
  async function twoInstances(
    kind: "start" | "poll" | "code",
    key: string,
    perInstance: number,
    extra: string[] = [],
  ): Promise<string[]> {
    const env = { ...process.env, LOG_LEVEL: "silent", ...storeEnv };
    const args = ["--tsconfig", "tsconfig.json", "test/instance-worker.ts", kind, key, String(perInstance), ...extra];
    const outputs = await Promise.all([0, 1].map(() => run("node_modules/.bin/tsx", args, { env, timeout: 120_000 })));
    return outputs.flatMap((o) => JSON.parse(o.stdout.trim().split("\n").pop()!) as string[]);
  }

  it("use the quota exactly: 2 x 30 starts against 20 remaining scans create 20 sessions", async () => {
    const { developer, live } = await createDeveloperWithKeys({ plan: "pro" });
    await setScansThisMonth(developer.id, 4980);
    const codes = await twoInstances("start", live.key, 30);
    expect(codes.filter((c) => c === "200")).toHaveLength(20);
    expect(codes.filter((c) => c === "QUOTA_EXCEEDED")).toHaveLength(40);
    expect(await db.session.count({ where: { developerId: developer.id } })).toBe(20);
    expect(await limiter.count(developer.id, new Date())).toBe(60);
  });

  it("share an account's code budget: 2 x 10 wrong two-factor codes at once get exactly 5 checked, the rest 429", async () => {
    const { dev, password } = await developerWithToken();
    const { secret } = await startTotpEnrolment(dev);
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate();
    await confirmTotpEnrolment(dev, code, "test");
    const codes = await twoInstances("code", dev.email, 10, [password]);
    expect(codes.filter((c) => c === "INVALID_CREDENTIALS")).toHaveLength(5);
    expect(codes.filter((c) => c === "AUTH_BLOCKED")).toHaveLength(15);
  });

  it("keep the hourly limit exact: 2 x 200 requests at a limit of 300 let 300 through", async () => {
    const { developer, test } = await createDeveloperWithKeys();
    const codes = await twoInstances("poll", test.key, 200);
    expect(codes.filter((c) => c !== "404" && c !== "RATE_LIMIT_EXCEEDED")).toEqual([]);
    expect(codes.filter((c) => c === "404")).toHaveLength(300);
    expect(codes.filter((c) => c === "RATE_LIMIT_EXCEEDED")).toHaveLength(100);
    expect(await limiter.count(developer.id, new Date())).toBe(300);
  });
});
