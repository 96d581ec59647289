import { describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "./memory-rate-limiter";

describe("MemoryRateLimiter", () => {
  it("lets exactly the limit through, then frees places as the window slides", async () => {
    const limiter = new MemoryRateLimiter();
    const t0 = new Date("2026-01-01T00:00:00Z");
    for (let i = 0; i < 3; i++)
      expect((await limiter.hit("d", 3, new Date(t0.getTime() + i * 1000))).allowed).toBe(true);
    const refused = await limiter.hit("d", 3, new Date(t0.getTime() + 10_000));
    expect(refused).toMatchObject({
      allowed: false,
      remaining: 0,
      retryAfter: 3590,
      resetAt: t0.getTime() / 1000 + 3600,
    });
    expect(await limiter.count("d", new Date(t0.getTime() + 10_000))).toBe(3);
    expect(await limiter.peek("d", 3, new Date(t0.getTime() + 10_000))).toEqual(refused);
    const later = await limiter.hit("d", 3, new Date(t0.getTime() + 3600_500));
    expect(later).toMatchObject({ allowed: true, remaining: 0 });
    expect(await limiter.count("other", t0)).toBe(0);
  });
});
