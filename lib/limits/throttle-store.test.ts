import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { ApiError } from "@/lib/http/errors";
import { createRedis } from "@/lib/redis";
import { assertStateNotBlocked } from "./auth-throttle";
import { RedisThrottleStore } from "./redis-auth-throttle";
import {
  PostgresThrottleStore,
  THROTTLE_LIMITS,
  THROTTLE_WINDOW_SECONDS,
  type ThrottleScope,
  type ThrottleStore,
} from "./throttle-store";

const redisClient = createRedis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379", {
  keyPrefix: `test:${process.pid}:${Date.now()}:`,
});
afterAll(() => redisClient.quit());

const WINDOW_MS = THROTTLE_WINDOW_SECONDS * 1000;
const at = (t0: Date, ms: number) => new Date(t0.getTime() + ms);

function blockedFor(store: ThrottleStore, ip: string, now: Date): Promise<number | null> {
  return store.state("sdk", ip).then((state) => {
    try {
      assertStateNotBlocked(state, now);
      return null;
    } catch (err) {
      return (err as ApiError).retryAfter ?? -1;
    }
  });
}

describe.each([
  ["PostgreSQL", () => new PostgresThrottleStore()],
  ["Redis", () => new RedisThrottleStore(() => redisClient)],
] as [string, () => ThrottleStore][])("the %s brute-force counters", (_name, make) => {
  it("block on the 10th failure within 15 minutes, for 15 minutes; a success during the block changes nothing", async () => {
    const store = make();
    const ip = randomUUID();
    const t0 = new Date();
    for (let i = 0; i < 9; i++) await store.recordFailure("sdk", ip, at(t0, i * 1000));
    expect(await blockedFor(store, ip, at(t0, 9000))).toBeNull();
    expect(await store.state("sdk", ip)).not.toBeNull();
    await store.recordFailure("sdk", ip, at(t0, 9000));
    expect(await blockedFor(store, ip, at(t0, 10_000))).toBe(THROTTLE_WINDOW_SECONDS - 1);
    await store.recordSuccess("sdk", ip, at(t0, 10_000));
    expect(await blockedFor(store, ip, at(t0, 11_000))).toBe(THROTTLE_WINDOW_SECONDS - 2);
    expect(await blockedFor(store, ip, at(t0, 9000 + WINDOW_MS))).toBeNull();
    await store.recordSuccess("sdk", ip, at(t0, 9001 + WINDOW_MS));
    expect(await store.state("sdk", ip)).toBeNull();
  });

  it("counts the run (a new run starts at 1), and a success that began the block may end it", async () => {
    const store = make();
    const ip = randomUUID();
    const t0 = new Date();
    const counts: number[] = [];
    for (let i = 0; i < 10; i++) counts.push(await store.recordFailure("sdk", ip, t0));
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await blockedFor(store, ip, at(t0, 1000))).not.toBeNull();
    await store.recordSuccess("sdk", ip, at(t0, 1000), true);
    expect(await store.state("sdk", ip)).toBeNull();
    expect(await store.recordFailure("sdk", ip, at(t0, WINDOW_MS + 1))).toBe(1);
  });

  it("a success ends the run; failures older than the window start a new run; scopes are apart", async () => {
    const store = make();
    const ip = randomUUID();
    const t0 = new Date();
    for (let i = 0; i < 9; i++) await store.recordFailure("sdk", ip, t0);
    await store.recordSuccess("sdk", ip, t0);
    for (let i = 0; i < 9; i++) await store.recordFailure("sdk", ip, t0);
    // The 10th comes after the window of the run's first: it starts a new run of one.
    await store.recordFailure("sdk", ip, at(t0, WINDOW_MS + 1));
    expect(await blockedFor(store, ip, at(t0, WINDOW_MS + 2))).toBeNull();
    expect(await store.state("login", ip)).toBeNull();
  });
});

describe.each([
  ["PostgreSQL", () => new PostgresThrottleStore()],
  ["Redis", () => new RedisThrottleStore(() => redisClient)],
] as [string, () => ThrottleStore][])("the %s counters of sign-in (scopes with their own limits)", (_name, make) => {
  const blocked = (store: ThrottleStore, scope: ThrottleScope, id: string, now: Date) =>
    store.state(scope, id).then((s) => !!s?.blockedUntil && s.blockedUntil > now);

  it("each scope blocks at its own limit: second-factor at 5, login-account at 10, login (per IP) at 30", async () => {
    const store = make();
    const t0 = new Date();
    for (const scope of ["second-factor", "login-account", "login"] as const) {
      const id = randomUUID();
      for (let i = 1; i < THROTTLE_LIMITS[scope]; i++) await store.recordFailure(scope, id, t0);
      expect(await blocked(store, scope, id, t0)).toBe(false);
      expect(await store.recordFailure(scope, id, t0)).toBe(THROTTLE_LIMITS[scope]);
      expect(await blocked(store, scope, id, t0)).toBe(true);
    }
  });

  it("forgiveOne takes back one failure: it never clears the others, and ends a block only below the limit", async () => {
    const store = make();
    const ip = randomUUID();
    const t0 = new Date();
    for (let i = 0; i < 29; i++) await store.recordFailure("login", ip, t0);
    // An attempt counted up front that then succeeded: the 30th starts the block, forgiving it ends it.
    await store.recordFailure("login", ip, t0);
    expect(await blocked(store, "login", ip, t0)).toBe(true);
    await store.forgiveOne("login", ip, t0);
    expect(await blocked(store, "login", ip, t0)).toBe(false);
    // The 29 failures are still there: one more failure blocks again.
    expect(await store.recordFailure("login", ip, t0)).toBe(30);
    expect(await blocked(store, "login", ip, t0)).toBe(true);
    // Two failures past the limit: forgiving one leaves the block.
    await store.recordFailure("login", ip, t0);
    await store.forgiveOne("login", ip, t0);
    expect(await blocked(store, "login", ip, t0)).toBe(true);
    // Nothing on record: nothing happens.
    await store.forgiveOne("login", randomUUID(), t0);
  });
});
