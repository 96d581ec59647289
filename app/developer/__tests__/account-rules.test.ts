import { afterAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { resetEnv } from "@/lib/env";
import * as signup from "@/app/developer/signup/route";
import * as verify from "@/app/developer/verify/route";
import * as login from "@/app/developer/login/route";
import * as reset from "@/app/developer/reset-password/route";
import * as profile from "@/app/developer/profile/route";
import * as keys from "@/app/developer/keys/route";
import { runAccountCommand } from "@/scripts/account";
import { mailPasswordReset } from "@/lib/accounts/password-reset";
import { call, linkToken, smtpPerSuite, STRONG_PASSWORD, uniqueEmail } from "@/test/developer-helpers";
import { developerWithToken } from "@/test/developer-fixtures";
import { uniqueIp } from "@/test/ip";

describe("account rules", () => {
  const smtp = smtpPerSuite();
  afterAll(() => {
    delete process.env.REQUIRE_APPROVAL;
    resetEnv();
  });

  it("with REQUIRE_APPROVAL, a verified account waits for staff; approval and suspension by the account tool", async () => {
    process.env.REQUIRE_APPROVAL = "true";
    resetEnv();
    const email = uniqueEmail("approval");
    await call(signup.POST, "POST", "/developer/signup", { body: { email, password: STRONG_PASSWORD, name: "Ann" } });
    const verified = await call(verify.GET, "GET", "/developer/verify", {
      query: { token: linkToken(await smtp.waitFor(email), "/verify") },
    });
    expect(verified.body.status).toBe("verified");
    expect(verified.body.message).toMatch(/approval/);
    const ip = uniqueIp();
    const token = (
      await call(login.POST, "POST", "/developer/login", { ip, body: { email, password: STRONG_PASSWORD } })
    ).body.id_token;
    const waiting = await call(keys.GET, "GET", "/developer/keys", { token });
    expect(waiting.body).toMatchObject({ error: "DEVELOPER_PENDING", message: expect.stringMatching(/approval/) });
    expect((await call(profile.GET, "GET", "/developer/profile", { token })).body).toMatchObject({
      status: "pending",
      email_verified: true,
    });

    await runAccountCommand(["status", email, "active"]);
    expect((await call(keys.GET, "GET", "/developer/keys", { token })).status).toBe(200);
    await runAccountCommand(["status", email, "suspended"]);
    expect((await call(keys.GET, "GET", "/developer/keys", { token })).body.error).toBe("DEVELOPER_SUSPENDED");
    // A suspended developer can still sign in, to see why.
    const again = await call(login.POST, "POST", "/developer/login", {
      ip,
      body: { email, password: STRONG_PASSWORD },
    });
    expect(again.status).toBe(200);
    expect((await call(profile.GET, "GET", "/developer/profile", { token: again.body.id_token })).body.status).toBe(
      "suspended",
    );
    delete process.env.REQUIRE_APPROVAL;
    resetEnv();
  });

  it("signing up again before verifying replaces the first sign-up: its password and name, and only the new link verifies", async () => {
    const email = uniqueEmail("again");
    await call(signup.POST, "POST", "/developer/signup", { body: { email, password: STRONG_PASSWORD, name: "Bob" } });
    const first = linkToken(await smtp.waitFor(email), "/verify");
    const seen = smtp.mails.length;
    const second = await call(signup.POST, "POST", "/developer/signup", {
      body: { email, password: "a different passphrase 5", name: "Alice" },
    });
    expect(second.status).toBe(201);
    const mail = await smtp.waitFor(email, seen);
    expect(mail.raw).not.toContain("Alice");
    const fresh = linkToken(mail, "/verify");
    expect(fresh).not.toBe(first);
    // The first mail's link died with its sign-up.
    expect((await call(verify.GET, "GET", "/developer/verify", { query: { token: first } })).status).toBe(400);
    expect((await call(verify.GET, "GET", "/developer/verify", { query: { token: fresh } })).body.status).toBe(
      "verified",
    );
    // Once the address is verified, the old link says so rather than failing.
    expect((await call(verify.GET, "GET", "/developer/verify", { query: { token: first } })).body.status).toBe(
      "already_verified",
    );
    const row = await db.developer.findUniqueOrThrow({ where: { email } });
    expect(row.name).toBe("Alice");
    // Contested: neither password typed at a sign-up is kept; the mailbox's holder chooses one.
    const signIn = (password: string) =>
      call(login.POST, "POST", "/developer/login", { ip: uniqueIp(), body: { email, password } });
    expect((await signIn(STRONG_PASSWORD)).status).toBe(401);
    expect((await signIn("a different passphrase 5")).status).toBe(401);
    const choose = await smtp.waitFor(email, seen + 1);
    expect(choose.raw).toContain("Subject: Choose your password");
    const token = linkToken(choose, "/reset-password");
    expect(
      (
        await call(reset.POST, "POST", "/developer/reset-password", {
          body: { token, password: "the one I chose now" },
        })
      ).status,
    ).toBe(200);
    expect((await signIn("the one I chose now")).status).toBe(200);
  });

  it("a single sign-up keeps its password: verification asks nothing more", async () => {
    const email = uniqueEmail("once");
    await call(signup.POST, "POST", "/developer/signup", { body: { email, password: STRONG_PASSWORD, name: "Una" } });
    const token = linkToken(await smtp.waitFor(email), "/verify");
    expect((await call(verify.GET, "GET", "/developer/verify", { query: { token } })).body.message).toMatch(/sign in/);
    expect(
      (
        await call(login.POST, "POST", "/developer/login", {
          ip: uniqueIp(),
          body: { email, password: STRONG_PASSWORD },
        })
      ).status,
    ).toBe(200);
  });

  it("a sign-up never replaces an account that is not pending, verified or not (an operator made it active)", async () => {
    const { dev, password } = await developerWithToken({ verified: false });
    expect(dev.status).toBe("active");
    const res = await call(signup.POST, "POST", "/developer/signup", {
      body: { email: dev.email, password: "a stranger's passphrase", name: "Stranger" },
    });
    expect(res.status).toBe(201);
    const row = await db.developer.findUniqueOrThrow({ where: { id: dev.id } });
    expect(row.name).toBe(dev.name);
    const signIn = (pw: string) =>
      call(login.POST, "POST", "/developer/login", { ip: uniqueIp(), body: { email: dev.email, password: pw } });
    expect((await signIn("a stranger's passphrase")).status).toBe(401);
    expect((await signIn(password)).status).toBe(200);
  });

  it("two concurrent sign-ups with one new address make one account and the same answer", async () => {
    const email = uniqueEmail("race");
    const body = { email, password: STRONG_PASSWORD, name: "Rae" };
    const [a, b] = await Promise.all([0, 1].map(() => call(signup.POST, "POST", "/developer/signup", { body })));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toEqual(b.body);
    expect(await db.developer.count({ where: { email } })).toBe(1);
  });

  it("profile: name and company change, an empty company clears it, and only the field names are audited", async () => {
    const { dev, token } = await developerWithToken();
    const changed = await call(profile.PATCH, "PATCH", "/developer/profile", {
      token,
      body: { name: "  Grace Hopper ", company: "Navy" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: "Grace Hopper", company: "Navy", email: dev.email });
    const cleared = await call(profile.PATCH, "PATCH", "/developer/profile", { token, body: { company: "" } });
    expect(cleared.body.company).toBeNull();
    const rows = await db.auditLog.findMany({
      where: { actorId: dev.id, action: "developer.profile_update" },
      orderBy: { createdAt: "asc" },
    });
    expect(rows.map((r) => r.details)).toEqual([{ fields: ["name", "company"] }, { fields: ["company"] }]);
    expect(rows.every((r) => r.ip === "203.0.113.1")).toBe(true);
  });
});

describe("account mails cannot flood an inbox", () => {
  const smtp = smtpPerSuite();

  it("at most 3 sign-up-attempt mails and 3 reset mails per account and hour; the answers do not change", async () => {
    const { dev } = await developerWithToken();
    const answers = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const r = await call(signup.POST, "POST", "/developer/signup", {
        body: { email: dev.email, password: STRONG_PASSWORD, name: "X" },
      });
      answers.add(JSON.stringify([r.status, r.body]));
      await mailPasswordReset(dev.email, "ip");
    }
    expect(answers.size).toBe(1);
    const mine = (text: string) => smtp.mails.filter((m) => m.to === dev.email && m.raw.includes(text));
    // Each mail went out before its call returned; wait only until the test server has them all.
    await vi.waitFor(() => {
      expect(mine("Someone tried to sign up").length).toBeGreaterThanOrEqual(3);
      expect(mine("/reset-password?token=").length).toBeGreaterThanOrEqual(3);
    });
    expect(mine("Someone tried to sign up")).toHaveLength(3);
    expect(mine("/reset-password?token=")).toHaveLength(3);
  });
});
