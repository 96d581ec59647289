import { afterEach, describe, expect, it, vi } from "vitest";

// A password whose check waits for a release (one burst test below needs a check in flight).
const heldPassword = vi.hoisted(() => ({ value: null as string | null, release: Promise.resolve() }));
vi.mock("@node-rs/argon2", async (original) => {
  const real = await original<typeof import("@node-rs/argon2")>();
  return {
    ...real,
    verify: async (hash: string, password: string) => {
      if (password === heldPassword.value) await heldPassword.release;
      return real.verify(hash, password);
    },
  };
});
import * as signup from "@/app/developer/signup/route";
import * as verify from "@/app/developer/verify/route";
import * as login from "@/app/developer/login/route";
import * as forgot from "@/app/developer/forgot-password/route";
import * as reset from "@/app/developer/reset-password/route";
import * as profile from "@/app/developer/profile/route";
import * as keys from "@/app/developer/keys/route";
import * as keyById from "@/app/developer/keys/[id]/route";
import * as roll from "@/app/developer/keys/[id]/roll/route";
import * as usage from "@/app/developer/usage/route";
import * as history from "@/app/developer/usage/history/route";
import * as checkout from "@/app/developer/checkout/route";
import * as portal from "@/app/developer/billing-portal/route";
import { db } from "@/lib/db";
import { resetEnv } from "@/lib/env";
import { call, STRONG_PASSWORD, uniqueEmail } from "@/test/developer-helpers";
import { developerWithToken } from "@/test/developer-fixtures";
import { expectError } from "@/test/expect-error";
import { uniqueIp } from "@/test/ip";

// Every error code of docs/api.md ("Errors") that these endpoints can answer, with the flat body.
afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.STRIPE_SECRET_KEY;
  resetEnv();
});

describe("400 INVALID_REQUEST", () => {
  const cases: Array<[string, unknown]> = [
    ["missing body", undefined],
    ["bad e-mail", { email: "not-an-address", password: STRONG_PASSWORD, name: "A" }],
    ["short password", { email: uniqueEmail(), password: "short", name: "A" }],
    ["over-long password", { email: uniqueEmail(), password: "x".repeat(129), name: "A" }],
    ["common password", { email: uniqueEmail(), password: "qwertyuiop123", name: "A" }],
    ["common word padded", { email: uniqueEmail(), password: "Password123456!", name: "A" }],
    ["missing name", { email: uniqueEmail(), password: STRONG_PASSWORD }],
    ["control character in name", { email: uniqueEmail(), password: STRONG_PASSWORD, name: "A\u0007" }],
    // JSON's "\ud800" escape: no UTF-8 form, so it would be stored as U+FFFD rather than as sent.
    ["unpaired surrogate in name", { email: uniqueEmail(), password: STRONG_PASSWORD, name: "A\ud800" }],
  ];
  it.each(cases)("sign-up: %s", async (_label, body) => {
    await expectError(await call(signup.POST, "POST", "/developer/signup", { body }), 400, "INVALID_REQUEST");
  });

  it("sign-up with malformed JSON", async () => {
    await expectError(await call(signup.POST, "POST", "/developer/signup", { raw: "{nope" }), 400, "INVALID_REQUEST");
  });

  it("verify without, or with an unknown, token", async () => {
    await expectError(await call(verify.GET, "GET", "/developer/verify"), 400, "INVALID_REQUEST");
    await expectError(
      await call(verify.GET, "GET", "/developer/verify", { query: { token: "nope" } }),
      400,
      "INVALID_REQUEST",
    );
  });

  it("reset with an unknown token, or a too-common new password", async () => {
    await expectError(
      await call(reset.POST, "POST", "/developer/reset-password", {
        body: { token: "nope", password: STRONG_PASSWORD },
      }),
      400,
      "INVALID_REQUEST",
    );
    await expectError(
      await call(reset.POST, "POST", "/developer/reset-password", {
        body: { token: "nope", password: "123456789012" },
      }),
      400,
      "INVALID_REQUEST",
    );
  });

  it("login without password", async () => {
    await expectError(
      await call(login.POST, "POST", "/developer/login", { body: { email: uniqueEmail() } }),
      400,
      "INVALID_REQUEST",
    );
  });

  it("profile patch empty, unknown field or empty name; key with bad environment or past expiry", async () => {
    const { token } = await developerWithToken();
    await expectError(
      await call(profile.PATCH, "PATCH", "/developer/profile", { token, body: {} }),
      400,
      "INVALID_REQUEST",
    );
    await expectError(
      await call(profile.PATCH, "PATCH", "/developer/profile", { token, body: { email: "a@b.io" } }),
      400,
      "INVALID_REQUEST",
    );
    await expectError(
      await call(profile.PATCH, "PATCH", "/developer/profile", { token, body: { name: "  " } }),
      400,
      "INVALID_REQUEST",
    );
    await expectError(
      await call(keys.POST, "POST", "/developer/keys", { token, body: { name: "k", environment: "prod" } }),
      400,
      "INVALID_REQUEST",
    );
    await expectError(
      await call(keys.POST, "POST", "/developer/keys", {
        token,
        body: { name: "k", environment: "live", expires_at: 1000 },
      }),
      400,
      "INVALID_REQUEST",
    );
    await expectError(
      await call(keys.POST, "POST", "/developer/keys", { token, body: { name: "", environment: "live" } }),
      400,
      "INVALID_REQUEST",
    );
    await expectError(
      await call(keys.POST, "POST", "/developer/keys", { token, body: { name: "k\udc00", environment: "live" } }),
      400,
      "INVALID_REQUEST",
    );
    // A whole surrogate pair is text like any other, kept as sent.
    const emoji = await call(keys.POST, "POST", "/developer/keys", {
      token,
      body: { name: "k 😀", environment: "live" },
    });
    expect(emoji.status).toBe(201);
    expect(emoji.body.name).toBe("k 😀");
    await expectError(
      await call(checkout.POST, "POST", "/developer/checkout", { token, body: { plan: "starter" } }),
      400,
      "INVALID_REQUEST",
    );
  });

  it("key expiry more than 3650 days ahead (milliseconds by mistake, or past any date): 400, no key stored", async () => {
    const { dev, token } = await developerWithToken();
    const now = Math.floor(Date.now() / 1000);
    for (const expires_at of [9_000_000_000_000, 1_999_999_999_999, 300_000_000_000, now + 3651 * 86_400]) {
      const res = await call(keys.POST, "POST", "/developer/keys", {
        token,
        body: { name: "k", environment: "live", expires_at },
      });
      const body = await expectError(res, 400, "INVALID_REQUEST");
      expect(body.message, String(expires_at)).toContain("expires_at");
    }
    expect(await db.apiKey.count({ where: { developerId: dev.id } })).toBe(0);
    const inLimit = now + 3649 * 86_400;
    const ok = await call(keys.POST, "POST", "/developer/keys", {
      token,
      body: { name: "k", environment: "live", expires_at: inLimit },
    });
    expect([ok.status, ok.body.expires_at]).toEqual([201, inLimit]);
  });

  it("a field the endpoint does not list, on every developer and public body", async () => {
    const { token } = await developerWithToken();
    const created = await call(keys.POST, "POST", "/developer/keys", {
      token,
      body: { name: "k", environment: "test" },
    });
    const id = created.body.id as string;
    const cases: [string, Parameters<typeof call>][] = [
      [
        "signup",
        [
          signup.POST,
          "POST",
          "/developer/signup",
          { body: { email: uniqueEmail(), password: STRONG_PASSWORD, name: "A", role: "staff" } },
        ],
      ],
      [
        "login",
        [
          login.POST,
          "POST",
          "/developer/login",
          { ip: uniqueIp(), body: { email: uniqueEmail(), password: STRONG_PASSWORD, remember: true } },
        ],
      ],
      [
        "reset-password",
        [
          reset.POST,
          "POST",
          "/developer/reset-password",
          { body: { token: "t", password: STRONG_PASSWORD, extra: 1 } },
        ],
      ],
      ["profile", [profile.PATCH, "PATCH", "/developer/profile", { token, body: { name: "A", email: "a@b.io" } }]],
      [
        "keys",
        [keys.POST, "POST", "/developer/keys", { token, body: { name: "k", environment: "test", scopes: ["all"] } }],
      ],
      [
        "roll",
        [
          roll.POST,
          "POST",
          `/developer/keys/${id}/roll`,
          { token, params: { id }, body: { grace_period: "1h", grace: "24h" } },
        ],
      ],
      ["checkout", [checkout.POST, "POST", "/developer/checkout", { token, body: { plan: "pro", seats: 3 } }]],
    ];
    for (const [label, args] of cases) {
      const body = await expectError(await call(...args), 400, "INVALID_REQUEST");
      expect(body.message, label).toMatch(/unrecognized key/i);
    }
    // Nothing was done: the key was not rolled.
    const listed = await call(keys.GET, "GET", "/developer/keys", { token });
    expect(listed.body.keys[0].previous_prefix).toBeNull();
  });
});

describe("401", () => {
  it("INVALID_CREDENTIALS for a wrong password and for an unknown address, with the same message", async () => {
    const { dev } = await developerWithToken();
    const ip = uniqueIp();
    const wrong = await call(login.POST, "POST", "/developer/login", {
      ip,
      body: { email: dev.email, password: "wrong password here" },
    });
    const unknown = await call(login.POST, "POST", "/developer/login", {
      ip,
      body: { email: uniqueEmail(), password: STRONG_PASSWORD },
    });
    await expectError(wrong, 401, "INVALID_CREDENTIALS");
    await expectError(unknown, 401, "INVALID_CREDENTIALS");
    expect(wrong.body).toEqual(unknown.body);
  });

  const bearerEndpoints = [
    ["GET /developer/profile", profile.GET, "GET"],
    ["PATCH /developer/profile", profile.PATCH, "PATCH"],
    ["GET /developer/keys", keys.GET, "GET"],
    ["POST /developer/keys", keys.POST, "POST"],
    ["DELETE /developer/keys/{id}", keyById.DELETE, "DELETE"],
    ["GET /developer/usage", usage.GET, "GET"],
    ["GET /developer/usage/history", history.GET, "GET"],
    ["POST /developer/checkout", checkout.POST, "POST"],
    ["POST /developer/billing-portal", portal.POST, "POST"],
  ] as const;
  it.each(bearerEndpoints)("UNAUTHORIZED on %s without, or with a garbage, ID token", async (_n, handler, method) => {
    await expectError(await call(handler, method, "/developer/x"), 401, "UNAUTHORIZED");
    await expectError(await call(handler, method, "/developer/x", { token: "not.a.jwt" }), 401, "UNAUTHORIZED");
  });
});

describe("403 account gate", () => {
  it("DEVELOPER_PENDING and DEVELOPER_SUSPENDED say what to do; the profile still answers", async () => {
    const pending = await developerWithToken({ status: "pending", verified: false });
    const waiting = await developerWithToken({ status: "pending", verified: true });
    const suspended = await developerWithToken({ status: "suspended" });
    const p = await call(keys.GET, "GET", "/developer/keys", { token: pending.token });
    await expectError(p, 403, "DEVELOPER_PENDING");
    expect(p.body.message).toMatch(/verify your e-mail/i);
    const w = await call(usage.GET, "GET", "/developer/usage", { token: waiting.token });
    await expectError(w, 403, "DEVELOPER_PENDING");
    expect(w.body.message).toMatch(/approval/i);
    const s = await call(keys.POST, "POST", "/developer/keys", {
      token: suspended.token,
      body: { name: "k", environment: "live" },
    });
    await expectError(s, 403, "DEVELOPER_SUSPENDED");
    expect(s.body.message).toMatch(/contact support/i);
    const seen = await call(profile.GET, "GET", "/developer/profile", { token: suspended.token });
    expect(seen.status).toBe(200);
    expect(seen.body.status).toBe("suspended");
  });
});

describe("404, 409, 413, 429, 503", () => {
  it("NOT_FOUND for an unknown key, another developer's key, and a malformed id", async () => {
    const a = await developerWithToken();
    const b = await developerWithToken();
    const created = await call(keys.POST, "POST", "/developer/keys", {
      token: a.token,
      body: { name: "k", environment: "test" },
    });
    for (const id of ["00000000-0000-4000-8000-000000000000", created.body.id, "../etc"]) {
      await expectError(
        await call(keyById.DELETE, "DELETE", `/developer/keys/${id}`, { token: b.token, params: { id } }),
        404,
        "NOT_FOUND",
      );
    }
  });

  it("KEY_LIMIT_REACHED past the starter cap of 3", async () => {
    const { token } = await developerWithToken();
    for (let i = 0; i < 3; i++) {
      expect(
        (await call(keys.POST, "POST", "/developer/keys", { token, body: { name: `k${i}`, environment: "test" } }))
          .status,
      ).toBe(201);
    }
    await expectError(
      await call(keys.POST, "POST", "/developer/keys", { token, body: { name: "k4", environment: "test" } }),
      409,
      "KEY_LIMIT_REACHED",
    );
  });

  it("PAYLOAD_TOO_LARGE for an oversized body", async () => {
    const body = { email: uniqueEmail(), password: STRONG_PASSWORD, name: "x".repeat(70_000) };
    await expectError(await call(signup.POST, "POST", "/developer/signup", { body }), 413, "PAYLOAD_TOO_LARGE");
  });

  it("AUTH_BLOCKED on the 11th login to an address after 10 failures, from any IP, even with the right password", async () => {
    const { dev, password } = await developerWithToken();
    for (let i = 0; i < 10; i++) {
      await expectError(
        await call(login.POST, "POST", "/developer/login", {
          ip: uniqueIp(),
          body: { email: dev.email, password: `wrong password ${i}` },
        }),
        401,
        "INVALID_CREDENTIALS",
      );
    }
    const blocked = await call(login.POST, "POST", "/developer/login", {
      ip: uniqueIp(),
      body: { email: dev.email, password },
    });
    await expectError(blocked, 429, "AUTH_BLOCKED");
    expect(blocked.body.retryable).toBe(true);
    expect(blocked.body.retryAfter).toBeGreaterThan(0);
    expect(blocked.headers.get("retry-after")).toBe(String(blocked.body.retryAfter));
  });

  it("AUTH_BLOCKED for an IP after 30 failed logins across addresses; a success of its own gives back only itself", async () => {
    const { dev, password } = await developerWithToken();
    const ip = uniqueIp();
    for (let i = 0; i < 29; i++) {
      await expectError(
        await call(login.POST, "POST", "/developer/login", {
          ip,
          body: { email: uniqueEmail("sprayed"), password: `wrong password ${i}` },
        }),
        401,
        "INVALID_CREDENTIALS",
      );
      // Signing into one's own account from the same IP clears none of those failures.
      if (i % 9 === 8)
        expect(
          (await call(login.POST, "POST", "/developer/login", { ip, body: { email: dev.email, password } })).status,
        ).toBe(200);
    }
    await expectError(
      await call(login.POST, "POST", "/developer/login", {
        ip,
        body: { email: uniqueEmail("sprayed"), password: "wrong password 30" },
      }),
      401,
      "INVALID_CREDENTIALS",
    );
    await expectError(
      await call(login.POST, "POST", "/developer/login", { ip, body: { email: dev.email, password } }),
      429,
      "AUTH_BLOCKED",
    );
    // Another IP is not blocked.
    expect(
      (await call(login.POST, "POST", "/developer/login", { ip: uniqueIp(), body: { email: dev.email, password } }))
        .status,
    ).toBe(200);
  });

  // The password hash takes tens of milliseconds: attempts in parallel must not all pass the
  // block test before the 10th failure is on record.
  it("AUTH_BLOCKED holds at 10 failures when 30 wrong logins arrive at once", async () => {
    const { dev, password } = await developerWithToken();
    const ip = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(login.POST, "POST", "/developer/login", { ip, body: { email: dev.email, password: `wrong ${i}` } }),
      ),
    );
    const codes = answers.map((a) => a.body.error).sort();
    expect(codes.filter((c) => c === "INVALID_CREDENTIALS")).toHaveLength(10);
    expect(codes.filter((c) => c === "AUTH_BLOCKED")).toHaveLength(20);
    await expectError(
      await call(login.POST, "POST", "/developer/login", { ip, body: { email: dev.email, password } }),
      429,
      "AUTH_BLOCKED",
    );
  });

  it("a right password on the 10th attempt signs in and ends the run", async () => {
    const { dev, password } = await developerWithToken();
    const ip = uniqueIp();
    for (let i = 0; i < 9; i++)
      await call(login.POST, "POST", "/developer/login", { ip, body: { email: dev.email, password: `wrong ${i}` } });
    const ok = await call(login.POST, "POST", "/developer/login", { ip, body: { email: dev.email, password } });
    expect(ok.status).toBe(200);
    for (let i = 0; i < 9; i++)
      await expectError(
        await call(login.POST, "POST", "/developer/login", { ip, body: { email: dev.email, password: `again ${i}` } }),
        401,
        "INVALID_CREDENTIALS",
      );
  });

  // Attempts are counted as they arrive, the success too: failures that land while its
  // password is being checked must not leave a block once it signs in.
  it("a right password among the first 10 of a burst ends the run, and the block the burst started", async () => {
    const { dev, password } = await developerWithToken();
    const ip = uniqueIp();
    const attempt = (pw: string) =>
      call(login.POST, "POST", "/developer/login", { ip, body: { email: dev.email, password: pw } });
    for (let i = 0; i < 8; i++) await attempt(`wrong ${i}`);
    // The right password's check is held until both wrong ones have their answers, so they
    // surely land while it runs, however fast or slow this machine is.
    let release = () => {};
    heldPassword.value = password;
    heldPassword.release = new Promise((r) => {
      release = r;
    });
    const right = attempt(password);
    await vi.waitFor(async () => {
      const row = await db.authThrottle.findUnique({
        where: { scope_identifier: { scope: "login-account", identifier: dev.email } },
      });
      expect(row?.failures).toBe(9);
    });
    const wrongs = await Promise.all([attempt("wrong a"), attempt("wrong b")]);
    release();
    heldPassword.value = null;
    expect((await right).status).toBe(200);
    expect(wrongs.map((w) => w.body.error).sort()).toEqual(["AUTH_BLOCKED", "INVALID_CREDENTIALS"]);
    expect((await attempt(password)).status).toBe(200);
  });

  it("UNAVAILABLE when billing is not configured, and when the mail server is down", async () => {
    const { token } = await developerWithToken();
    const c = await call(checkout.POST, "POST", "/developer/checkout", { token, body: { plan: "pro" } });
    await expectError(c, 503, "UNAVAILABLE");
    expect(c.body.retryable).toBe(true);
    await expectError(await call(portal.POST, "POST", "/developer/billing-portal", { token }), 503, "UNAVAILABLE");
    // It takes no body: a field in one is refused before anything else is looked at.
    await expectError(
      await call(portal.POST, "POST", "/developer/billing-portal", { token, body: { x: 1 } }),
      400,
      "INVALID_REQUEST",
    );
    await expectError(
      await call(portal.POST, "POST", "/developer/billing-portal", { token, body: {} }),
      503,
      "UNAVAILABLE",
    );
    process.env.SMTP_URL = "smtp://127.0.0.1:9"; // nothing listens on the discard port
    resetEnv();
    await expectError(
      await call(signup.POST, "POST", "/developer/signup", {
        body: { email: uniqueEmail(), password: STRONG_PASSWORD, name: "A" },
      }),
      503,
      "UNAVAILABLE",
    );
    // forgot-password never tells: the mail goes out after the answer, so a known address answers 202 too.
    const known = await developerWithToken();
    expect(
      (await call(forgot.POST, "POST", "/developer/forgot-password", { body: { email: known.dev.email } })).status,
    ).toBe(202);
  });
});
