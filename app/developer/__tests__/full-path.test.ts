import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as signup from "@/app/developer/signup/route";
import * as verify from "@/app/developer/verify/route";
import * as login from "@/app/developer/login/route";
import * as profile from "@/app/developer/profile/route";
import * as keys from "@/app/developer/keys/route";
import * as keyById from "@/app/developer/keys/[id]/route";
import * as usage from "@/app/developer/usage/route";
import * as history from "@/app/developer/usage/history/route";
import * as sdkStart from "@/app/sdk/session/start/route";
import { call, linkToken, smtpPerSuite, STRONG_PASSWORD, uniqueEmail } from "@/test/developer-helpers";

// The whole path of the issue, through the real handlers, PostgreSQL and a real SMTP server:
// sign-up -> e-mail -> verify -> login -> create keys -> use a key on the SDK -> usage -> revoke.
describe("developer account, end to end", () => {
  const smtp = smtpPerSuite();

  it("goes from sign-up to a revoked key", async () => {
    const email = uniqueEmail("path");
    const signed = await call(signup.POST, "POST", "/developer/signup", {
      body: { email, password: STRONG_PASSWORD, name: "Ada", company: "Analytical" },
    });
    expect(signed.status).toBe(201);
    expect(signed.body).toEqual({ email, status: "pending", message: expect.any(String) });

    const mail = await smtp.waitFor(email);
    expect(mail.raw).toContain("Subject: Verify your e-mail address");
    expect(mail.raw).toContain("Content-Type: text/plain");
    expect(mail.raw).toContain("Content-Type: text/html");
    const token = linkToken(mail, "/verify");

    // A pending account can sign in and see its profile, but nothing else.
    const early = await call(login.POST, "POST", "/developer/login", { body: { email, password: STRONG_PASSWORD } });
    expect(early.status).toBe(200);
    const pendingProfile = await call(profile.GET, "GET", "/developer/profile", { token: early.body.id_token });
    expect(pendingProfile.body).toMatchObject({ status: "pending", email_verified: false });
    const gated = await call(keys.GET, "GET", "/developer/keys", { token: early.body.id_token });
    expect(gated.status).toBe(403);
    expect(gated.body.error).toBe("DEVELOPER_PENDING");
    expect(gated.body.message).toMatch(/verify/i);

    const verified = await call(verify.GET, "GET", "/developer/verify", { query: { token } });
    expect(verified.status).toBe(200);
    expect(verified.body.status).toBe("verified");
    const again = await call(verify.GET, "GET", "/developer/verify", { query: { token } });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("already_verified");

    const loggedIn = await call(login.POST, "POST", "/developer/login", {
      body: { email: email.toUpperCase(), password: STRONG_PASSWORD },
    });
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body).toEqual({ id_token: expect.any(String), token_type: "Bearer", expires_in: 3600 });
    const idToken = loggedIn.body.id_token as string;

    const me = await call(profile.GET, "GET", "/developer/profile", { token: idToken });
    expect(me.body).toMatchObject({
      email,
      name: "Ada",
      company: "Analytical",
      status: "active",
      plan: "starter",
      role: "developer",
      email_verified: true,
    });
    expect(me.body).not.toHaveProperty("passwordHash");

    const live = await call(keys.POST, "POST", "/developer/keys", {
      token: idToken,
      body: { name: "Production", environment: "live" },
    });
    expect(live.status).toBe(201);
    expect(live.body.key).toMatch(/^ck_live_[0-9a-f]{64}$/);
    expect(live.body.prefix).toBe(live.body.key.slice(0, 12));
    const expiresAt = Math.floor(Date.now() / 1000) + 86_400;
    const test = await call(keys.POST, "POST", "/developer/keys", {
      token: idToken,
      body: { name: "Sandbox", environment: "test", expires_at: expiresAt },
    });
    expect(test.status).toBe(201);
    expect(test.body.expires_at).toBe(expiresAt);

    const listed = await call(keys.GET, "GET", "/developer/keys", { token: idToken });
    expect(listed.body.keys.map((k: { name: string }) => k.name).sort()).toEqual(["Production", "Sandbox"]);
    expect(JSON.stringify(listed.body)).not.toContain(live.body.key);
    expect(listed.body.keys.every((k: { state: string }) => k.state === "active")).toBe(true);

    const started = await call(sdkStart.POST, "POST", "/sdk/session/start", {
      body: {},
      ip: "203.0.113.9",
      ...withKey(live.body.key),
    });
    expect(started.status).toBe(200);
    expect(started.body.session_id).toMatch(/^[0-9a-f-]{36}$/);

    const used = await call(usage.GET, "GET", "/developer/usage", { token: idToken });
    expect(used.body).toMatchObject({ limit: 500, remaining: 499, plan: "starter", current_month: { scan_count: 1 } });
    expect(used.body.current_month.last_scan_at).toBeGreaterThan(0);
    const months = await call(history.GET, "GET", "/developer/usage/history", { token: idToken });
    expect(months.body.history).toHaveLength(6);
    expect(months.body.history[0]).toEqual({ month: new Date().toISOString().slice(0, 7), scan_count: 1 });
    expect(months.body.history.slice(1).every((m: { scan_count: number }) => m.scan_count === 0)).toBe(true);
    const names = months.body.history.map((m: { month: string }) => m.month);
    expect([...names].sort().reverse()).toEqual(names); // newest first

    const revoked = await call(keyById.DELETE, "DELETE", `/developer/keys/${live.body.id}`, {
      token: idToken,
      params: { id: live.body.id },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ id: live.body.id, revoked: true, revoked_at: expect.any(Number) });
    const refused = await call(sdkStart.POST, "POST", "/sdk/session/start", {
      body: {},
      ip: "203.0.113.9",
      ...withKey(live.body.key),
    });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe("API_KEY_REVOKED");
    const after = await call(keys.GET, "GET", "/developer/keys", { token: idToken });
    expect(after.body.keys.find((k: { id: string }) => k.id === live.body.id).state).toBe("revoked");

    const actions = (
      await db.auditLog.findMany({
        where: { OR: [{ actorId: me.body.id }, { targetId: me.body.id }] },
        orderBy: { createdAt: "asc" },
      })
    ).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "developer.signup",
        "developer.login",
        "developer.verify_email",
        "api_key.create",
        "api_key.revoke",
      ]),
    );
  });
});

// The SDK takes the key in X-API-Key; `call` only knows bearer tokens, so pass it as one.
function withKey(key: string) {
  return { token: key };
}
