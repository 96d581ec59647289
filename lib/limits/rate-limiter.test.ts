import { afterAll, describe, expect, it } from "vitest";
import { createRedis } from "@/lib/redis";
import { createDeveloper } from "@/test/fixtures";
import { PostgresRateLimiter } from "./postgres-rate-limiter";
import { RATE_WINDOW_MS, type RateLimiter } from "./rate-limiter";
import { RedisRateLimiter } from "./redis-rate-limiter";

// The shared stores (the memory one has its own test): same rules, exact under concurrency.
const redisClient = createRedis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379", {
  keyPrefix: `test:${process.pid}:${Date.now()}:`,
});
afterAll(() => redisClient.quit());

const stores: [string, () => RateLimiter][] = [
  ["PostgreSQL", () => new PostgresRateLimiter()],
  ["Redis", () => new RedisRateLimiter(() => redisClient)],
];

describe.each(stores)("the %s rate limiter", (_name, make) => {
  it("lets exactly the limit through, then frees places as the window slides", async () => {
    const limiter = make();
    const { id } = await createDeveloper();
    const t0 = new Date("2026-01-01T00:00:00Z");
    for (let i = 0; i < 3; i++) {
      expect(await limiter.hit(id, 3, new Date(t0.getTime() + i * 1000))).toMatchObject({
        allowed: true,
        remaining: 2 - i,
      });
    }
    const refused = await limiter.hit(id, 3, new Date(t0.getTime() + 10_000));
    expect(refused).toMatchObject({
      allowed: false,
      remaining: 0,
      retryAfter: 3590,
      resetAt: t0.getTime() / 1000 + 3600,
    });
    expect(await limiter.count(id, new Date(t0.getTime() + 10_000))).toBe(3);
    expect(await limiter.peek(id, 3, new Date(t0.getTime() + 10_000))).toEqual(refused);
    expect(await limiter.peek(id, 5, new Date(t0.getTime() + 10_000))).toMatchObject({ allowed: true, remaining: 2 });
    // The first leaves the window: one place frees, and the reset moves to the second.
    const later = await limiter.hit(id, 3, new Date(t0.getTime() + RATE_WINDOW_MS + 500));
    expect(later).toMatchObject({ allowed: true, remaining: 0, resetAt: t0.getTime() / 1000 + 3601 });
    expect(await limiter.count(id, new Date(t0.getTime() + 3 * RATE_WINDOW_MS))).toBe(0);
    const fresh = await limiter.hit(id, 3, new Date(t0.getTime() + 3 * RATE_WINDOW_MS));
    expect(fresh).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("N concurrent requests against R remaining places: exactly min(N, R) pass", async () => {
    const limiter = make();
    const { id } = await createDeveloper();
    const now = new Date();
    for (let i = 0; i < 5; i++) await limiter.hit(id, 30, now);
    const decisions = await Promise.all(Array.from({ length: 40 }, () => limiter.hit(id, 30, new Date())));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(25);
    expect(await limiter.count(id, new Date())).toBe(30);
    // Each allowed answer saw a distinct count: remaining 24, 23, ... 0 once each.
    const remaining = decisions
      .filter((d) => d.allowed)
      .map((d) => d.remaining)
      .sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });

  it("keeps each developer's window apart", async () => {
    const limiter = make();
    const [a, b] = [await createDeveloper(), await createDeveloper()];
    await limiter.hit(a.id, 1, new Date());
    expect((await limiter.hit(a.id, 1, new Date())).allowed).toBe(false);
    expect((await limiter.hit(b.id, 1, new Date())).allowed).toBe(true);
  });
});
