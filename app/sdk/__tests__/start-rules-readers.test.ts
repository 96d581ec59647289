import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { setSdkClock } from "@/lib/http/with-api-key";
import { throttleStore } from "@/lib/limits/auth-throttle";
import { rateLimiter } from "@/lib/limits/rate-limiter";
import { PLAN_LIMITS } from "@/lib/plans/plan-limits";
import { createApiKey, createDeveloper, fillRateWindow, setScansThisMonth } from "@/test/fixtures";
import { uniqueIp } from "@/test/ip";
import { useSettings } from "@/test/limit-stores";
import { startSession } from "@/test/sdk-client";
import { readWithPostgresWindow, readWithRedisWindow } from "@/lib/sessions/start-session-readers";

// Watched, so each block proves its reader answered (not the general path in its place).
vi.mock("@/lib/sessions/start-session-readers", async (original) => {
  const real = await original<typeof import("@/lib/sessions/start-session-readers")>();
  return {
    ...real,
    readWithPostgresWindow: vi.fn(real.readWithPostgresWindow),
    readWithRedisWindow: vi.fn(real.readWithRedisWindow),
  };
});

// Every session-start rule (docs/api.md: "Authentication", "Accounts", "Limits"), one table,
// run against every way the service reads a request's key, account and counters: the one
// PostgreSQL statement, the Redis script plus the statement, and the general path of the
// embedded database (Prisma and an in-process window). A reader that drifts from the rules, or
// from the other readers, fails here.

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

type Reader = "readWithPostgresWindow" | "readWithRedisWindow" | null;
const READERS: [string, Record<string, string | undefined>, Reader][] = [
  ["one PostgreSQL statement", { RATE_LIMIT_STORE: "postgres" }, "readWithPostgresWindow"],
  [
    "the Redis script and the statement",
    { RATE_LIMIT_STORE: "redis", REDIS_URL, REDIS_KEY_PREFIX: `rules:${process.pid}:` },
    "readWithRedisWindow",
  ],
  ["the general path (Prisma, in-process window)", { RATE_LIMIT_STORE: "memory" }, null],
];

type Setup = {
  plan?: "starter" | "pro";
  status?: "active" | "pending" | "suspended";
  verified?: boolean;
  key?: "live" | "test" | "revoked" | "expired" | "revoked+expired" | "none" | "malformed" | "unknown";
  blocked?: boolean;
  windowFull?: boolean;
  quotaFull?: boolean;
  body?: unknown;
};

type Expected = {
  status: number;
  code?: string;
  message?: RegExp;
  retryable?: boolean;
  retryAfter?: boolean;
  /** X-RateLimit-Remaining, or null when the answer must carry no X-RateLimit-* headers. */
  rateRemaining: number | "limit" | "limit-1" | null;
  /** X-Usage-Current, or null when the answer must carry no X-Usage-* headers. */
  usageCurrent: number | "quota" | null;
  counted: boolean;
  created: boolean;
};

const SCANS_BEFORE = 7;

const RULES: [string, Setup, Expected][] = [
  [
    "no key: 401",
    { key: "none" },
    {
      status: 401,
      code: "API_KEY_INVALID",
      message: /required/,
      rateRemaining: null,
      usageCurrent: null,
      counted: false,
      created: false,
    },
  ],
  [
    "a malformed key: 401",
    { key: "malformed" },
    {
      status: 401,
      code: "API_KEY_INVALID",
      message: /malformed/,
      rateRemaining: null,
      usageCurrent: null,
      counted: false,
      created: false,
    },
  ],
  [
    "an unknown key: 401",
    { key: "unknown" },
    {
      status: 401,
      code: "API_KEY_INVALID",
      message: /does not exist/,
      rateRemaining: null,
      usageCurrent: null,
      counted: false,
      created: false,
    },
  ],
  [
    "a revoked key: 401",
    { key: "revoked" },
    {
      status: 401,
      code: "API_KEY_REVOKED",
      message: /revoked/,
      rateRemaining: null,
      usageCurrent: null,
      counted: false,
      created: false,
    },
  ],
  [
    "an expired key: 401",
    { key: "expired" },
    {
      status: 401,
      code: "API_KEY_EXPIRED",
      message: /expired/,
      rateRemaining: null,
      usageCurrent: null,
      counted: false,
      created: false,
    },
  ],
  [
    "revoked wins over expired",
    { key: "revoked+expired" },
    { status: 401, code: "API_KEY_REVOKED", rateRemaining: null, usageCurrent: null, counted: false, created: false },
  ],
  [
    "a blocked address: 429 AUTH_BLOCKED before the key",
    { blocked: true },
    {
      status: 429,
      code: "AUTH_BLOCKED",
      retryable: true,
      retryAfter: true,
      rateRemaining: null,
      usageCurrent: null,
      counted: false,
      created: false,
    },
  ],
  [
    "a blocked address with a revoked key: the block first",
    { blocked: true, key: "revoked" },
    { status: 429, code: "AUTH_BLOCKED", rateRemaining: null, usageCurrent: null, counted: false, created: false },
  ],
  [
    "an unverified account: 403, figures on, not counted",
    { status: "pending", verified: false },
    {
      status: 403,
      code: "DEVELOPER_PENDING",
      message: /verify your e-mail/,
      rateRemaining: "limit",
      usageCurrent: SCANS_BEFORE,
      counted: false,
      created: false,
    },
  ],
  [
    "an account awaiting approval: 403",
    { status: "pending", verified: true },
    {
      status: 403,
      code: "DEVELOPER_PENDING",
      message: /waiting for approval/,
      rateRemaining: "limit",
      usageCurrent: SCANS_BEFORE,
      counted: false,
      created: false,
    },
  ],
  [
    "a suspended account: 403",
    { status: "suspended" },
    {
      status: 403,
      code: "DEVELOPER_SUSPENDED",
      rateRemaining: "limit",
      usageCurrent: SCANS_BEFORE,
      counted: false,
      created: false,
    },
  ],
  [
    "a suspended account with a revoked key: the key first",
    { status: "suspended", key: "revoked" },
    { status: 401, code: "API_KEY_REVOKED", rateRemaining: null, usageCurrent: null, counted: false, created: false },
  ],
  [
    "a full hourly window: 429, retryable, no scan",
    { windowFull: true },
    {
      status: 429,
      code: "RATE_LIMIT_EXCEEDED",
      retryable: true,
      retryAfter: true,
      rateRemaining: 0,
      usageCurrent: SCANS_BEFORE,
      counted: false,
      created: false,
    },
  ],
  [
    "a full window with a used-up quota: the window first",
    { windowFull: true, quotaFull: true },
    {
      status: 429,
      code: "RATE_LIMIT_EXCEEDED",
      rateRemaining: 0,
      usageCurrent: "quota",
      counted: false,
      created: false,
    },
  ],
  [
    "a used-up quota: 429, not retryable, counted",
    { quotaFull: true },
    {
      status: 429,
      code: "QUOTA_EXCEEDED",
      message: /monthly scan quota of 500/,
      retryable: false,
      rateRemaining: "limit-1",
      usageCurrent: "quota",
      counted: true,
      created: false,
    },
  ],
  [
    "a test key at the quota: 200, no scan used",
    { quotaFull: true, key: "test" },
    { status: 200, rateRemaining: "limit-1", usageCurrent: "quota", counted: true, created: true },
  ],
  [
    "a live key: 200, one scan, counted",
    {},
    { status: 200, rateRemaining: "limit-1", usageCurrent: SCANS_BEFORE + 1, counted: true, created: true },
  ],
  [
    "a live key on another plan: its limits",
    { plan: "pro" },
    { status: 200, rateRemaining: "limit-1", usageCurrent: SCANS_BEFORE + 1, counted: true, created: true },
  ],
  [
    "a refused body: 400, counted, no session",
    { body: { demographics: { age: "old" } } },
    {
      status: 400,
      code: "INVALID_REQUEST",
      rateRemaining: "limit-1",
      usageCurrent: SCANS_BEFORE,
      counted: true,
      created: false,
    },
  ],
];

const NOW = new Date("2026-11-20T12:00:00Z");

async function arrange(setup: Setup) {
  const plan = setup.plan ?? "starter";
  const limits = PLAN_LIMITS[plan];
  const developer = await createDeveloper({ plan, status: setup.status });
  if (setup.status === "pending" && setup.verified)
    await db.developer.update({ where: { id: developer.id }, data: { emailVerifiedAt: NOW } });
  const kind = setup.key ?? "live";
  const past = new Date(NOW.getTime() - 1000);
  const options = {
    revoked: { revokedAt: past },
    expired: { expiresAt: past },
    "revoked+expired": { revokedAt: past, expiresAt: past },
  }[kind as string];
  const key = await createApiKey(developer.id, kind === "test" ? "test" : "live", options ?? {});
  const presented = { none: undefined, malformed: "ck_live_nope", unknown: `${key.key.slice(0, -4)}0000` }[
    kind as string
  ];
  await setScansThisMonth(developer.id, setup.quotaFull ? limits.monthlyScans : SCANS_BEFORE, NOW);
  if (setup.windowFull)
    await fillRateWindow(
      developer.id,
      Array.from({ length: limits.requestsPerHour }, () => new Date(NOW.getTime() - 60_000)),
    );
  const ip = uniqueIp();
  if (setup.blocked) for (let i = 0; i < 10; i++) await throttleStore().recordFailure("sdk", ip, past);
  return { developer, limits, ip, presented: kind in { none: 1, malformed: 1, unknown: 1 } ? presented : key.key };
}

/** What an answer says, and what it left behind, with nothing that differs between runs. */
async function observe(setup: Setup) {
  const { developer, limits, ip, presented } = await arrange(setup);
  const countedBefore = await rateLimiter().count(developer.id, NOW);
  const res = await startSession({ key: presented, ip }, setup.body ?? {});
  const body = await res.json();
  const h = (name: string) => res.headers.get(name);
  return {
    limits,
    status: res.status,
    code: body.session_id ? undefined : body.error,
    message: body.message,
    retryable: body.retryable,
    retryAfter: h("retry-after") !== null,
    rate:
      h("x-ratelimit-limit") === null
        ? null
        : { limit: Number(h("x-ratelimit-limit")), remaining: Number(h("x-ratelimit-remaining")) },
    usage:
      h("x-usage-current") === null
        ? null
        : {
            current: Number(h("x-usage-current")),
            limit: Number(h("x-usage-limit")),
            remaining: Number(h("x-usage-remaining")),
          },
    counted: (await rateLimiter().count(developer.id, NOW)) - countedBefore,
    sessions: await db.session.count({ where: { developerId: developer.id } }),
    lastUsed: (await db.apiKey.findFirst({ where: { developerId: developer.id } }))?.lastUsedAt?.getTime() ?? null,
  };
}

const seen = new Map<string, Map<string, unknown>>();

describe.each(READERS)("session start read by %s", (reader, readerEnv, readFn) => {
  let before: Record<string, string | undefined> = {};
  beforeAll(() => {
    before = useSettings(readerEnv);
    setSdkClock(() => NOW);
  });
  afterAll(() => {
    useSettings(before);
    setSdkClock(() => new Date());
  });

  it.each(RULES)("%s", async (rule, setup, expected) => {
    const watched = { readWithPostgresWindow, readWithRedisWindow };
    for (const fn of Object.values(watched)) vi.mocked(fn).mockClear();
    const seen_ = await observe(setup);
    // A well-formed secret key goes to the block's reader first (an unknown one is then handed to
    // the general path); on the general path no fast reader runs.
    const hasRow = !["none", "malformed"].includes(setup.key ?? "live");
    for (const [name, fn] of Object.entries(watched))
      expect(vi.mocked(fn).mock.calls.length, name).toBe(name === readFn && hasRow ? 1 : 0);
    const { limits } = seen_;
    expect(seen_.status).toBe(expected.status);
    expect(seen_.code).toBe(expected.code);
    if (expected.message) expect(seen_.message).toMatch(expected.message);
    if (expected.retryable !== undefined) expect(seen_.retryable).toBe(expected.retryable);
    if (expected.retryAfter) expect(seen_.retryAfter).toBe(true);
    const remaining = { limit: limits.requestsPerHour, "limit-1": limits.requestsPerHour - 1 };
    if (expected.rateRemaining === null) expect(seen_.rate).toBeNull();
    else
      expect(seen_.rate).toEqual({
        limit: limits.requestsPerHour,
        remaining:
          typeof expected.rateRemaining === "number" ? expected.rateRemaining : remaining[expected.rateRemaining],
      });
    if (expected.usageCurrent === null) expect(seen_.usage).toBeNull();
    else {
      const current = expected.usageCurrent === "quota" ? limits.monthlyScans : expected.usageCurrent;
      expect(seen_.usage).toEqual({ current, limit: limits.monthlyScans, remaining: limits.monthlyScans - current });
    }
    expect(seen_.counted).toBe(expected.counted ? 1 : 0);
    expect(seen_.sessions).toBe(expected.created ? 1 : 0);
    // A key that passed its own checks was marked used, whatever came after; a refused one was not.
    const keyPassed = expected.status !== 401 && expected.code !== "AUTH_BLOCKED";
    expect(seen_.lastUsed).toBe(keyPassed ? NOW.getTime() : null);
    const { limits: _, ...answer } = seen_;
    if (!seen.has(rule)) seen.set(rule, new Map());
    seen.get(rule)!.set(reader, answer);
  });
});

describe("every reader", () => {
  it("gives the same answer, word for word, to every rule", () => {
    expect(seen.size).toBe(RULES.length);
    for (const [rule, answers] of seen) {
      const [first, ...rest] = [...answers.values()];
      expect(answers.size, rule).toBe(READERS.length);
      for (const other of rest) expect(other, rule).toEqual(first);
    }
  });
});
