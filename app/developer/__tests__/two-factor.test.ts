import { describe, expect, it } from "vitest";
import { Secret, TOTP } from "otpauth";
import { db } from "@/lib/db";
import * as login from "@/app/developer/login/route";
import { confirmTotpEnrolment, startTotpEnrolment } from "@/lib/accounts/totp";
import { supportAccess } from "@/lib/auth/support-access";
import { call } from "@/test/developer-helpers";
import { developerWithToken } from "@/test/developer-fixtures";
import { uniqueIp } from "@/test/ip";
import { resetEnv } from "@/lib/env";

/** The code an authenticator app shows for this secret at `at` (computed as a phone would). */
function codeAt(secret: string, at: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: at,
  });
}

async function enrolled() {
  const { dev, password } = await developerWithToken();
  const { secret, uri, qr_svg } = await startTotpEnrolment(dev);
  expect(uri).toMatch(/^otpauth:\/\/totp\/Vitals:.*secret=/);
  expect(qr_svg).toContain("<svg");
  const now = Date.now();
  const { recovery_codes } = await confirmTotpEnrolment(dev, codeAt(secret, now), "ip", new Date(now));
  return { dev, password, secret, recovery_codes, enrolledAt: now };
}

const loginCall = (email: string, password: string, totp?: string) =>
  call(login.POST, "POST", "/developer/login", {
    ip: uniqueIp(),
    body: totp === undefined ? { email, password } : { email, password, totp },
  });

describe("two-factor sign-in", () => {
  it("login without a code is 401 TOTP_REQUIRED; with the current code it gives an ID token; a wrong code is INVALID_CREDENTIALS", async () => {
    const { dev, password, secret, enrolledAt } = await enrolled();
    const missing = await loginCall(dev.email, password);
    expect(missing).toMatchObject({ status: 401, body: { error: "TOTP_REQUIRED", retryable: false } });
    const wrongPassword = await loginCall(dev.email, "not the password at all", undefined);
    expect(wrongPassword).toMatchObject({ status: 401, body: { error: "INVALID_CREDENTIALS" } });

    const wrong = await loginCall(dev.email, password, codeAt(secret, enrolledAt - 10 * 60_000));
    expect(wrong).toMatchObject({ status: 401, body: { error: "INVALID_CREDENTIALS" } });
    const next = codeAt(secret, enrolledAt + 30_000); // the enrolment used this step's code
    const ok = await loginCall(dev.email, password, next);
    expect(ok.status).toBe(200);
    expect(ok.body.id_token).toEqual(expect.any(String));
    // A code is never accepted twice.
    expect(await loginCall(dev.email, password, next)).toMatchObject({
      status: 401,
      body: { error: "INVALID_CREDENTIALS" },
    });
  });

  it("a recovery code signs in once; the codes are stored hashed", async () => {
    const { dev, password, recovery_codes } = await enrolled();
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    const stored = await db.recoveryCode.findMany({ where: { developerId: dev.id } });
    expect(stored.map((r) => r.codeHash)).not.toContain(recovery_codes[0]);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.codeHash))).toBe(true);
    expect((await loginCall(dev.email, password, recovery_codes[0])).status).toBe(200);
    expect(await loginCall(dev.email, password, recovery_codes[0])).toMatchObject({
      status: 401,
      body: { error: "INVALID_CREDENTIALS" },
    });
    expect((await loginCall(dev.email, password, recovery_codes[1].toUpperCase())).status).toBe(200);
  });

  it("enrolment needs a right first code, is audit-logged, and cannot start twice", async () => {
    const { dev } = await developerWithToken();
    const { secret } = await startTotpEnrolment(dev);
    await expect(confirmTotpEnrolment(dev, codeAt(secret, Date.now() - 3600_000), "ip")).rejects.toMatchObject({
      code: "INVALID_REQUEST",
    });
    expect((await db.developer.findUniqueOrThrow({ where: { id: dev.id } })).totpEnabledAt).toBeNull();
    await confirmTotpEnrolment(dev, codeAt(secret, Date.now()), "ip");
    const after = await db.developer.findUniqueOrThrow({ where: { id: dev.id } });
    expect(after.totpEnabledAt).not.toBeNull();
    expect(await db.auditLog.count({ where: { actorId: dev.id, action: "developer.totp_enable" } })).toBe(1);
    await expect(startTotpEnrolment(after)).rejects.toMatchObject({ code: "INVALID_REQUEST" });
  });

  it("staff reach /support only in a session that proved a second factor; without one they are sent to enrol", () => {
    const proved = { secondFactor: true };
    const passwordOnly = { secondFactor: false };
    const staff = { role: "staff", status: "active" };
    expect(supportAccess({ ...staff, totpEnabledAt: null, portalSession: passwordOnly })).toBe("enrol");
    expect(supportAccess({ ...staff, totpEnabledAt: new Date(), portalSession: proved })).toBe("allowed");
    expect(supportAccess({ ...staff, totpEnabledAt: new Date(), portalSession: passwordOnly })).toBe("not_found");
    expect(supportAccess({ ...staff, status: "suspended", totpEnabledAt: new Date(), portalSession: proved })).toBe(
      "not_found",
    );
    expect(
      supportAccess({ role: "developer", status: "active", totpEnabledAt: new Date(), portalSession: proved }),
    ).toBe("not_found");
  });

  it("only a verified account may turn two-factor sign-in on", async () => {
    const { dev } = await developerWithToken({ verified: false, status: "pending" });
    await expect(startTotpEnrolment(dev)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await db.totpFactor.count({ where: { developerId: dev.id } })).toBe(0);
  });
  it("the authenticator secret is stored sealed; sealed under another NEXTAUTH_SECRET no code opens it, recovery codes still do", async () => {
    const { dev, password, secret, recovery_codes, enrolledAt } = await enrolled();
    const row = await db.totpFactor.findUniqueOrThrow({ where: { developerId: dev.id } });
    expect(row.secret.startsWith("v1:")).toBe(true);
    expect(row.secret).not.toContain(secret);
    expect(Buffer.from(row.secret.slice(3), "base64").toString("latin1")).not.toContain(secret);

    const original = process.env.NEXTAUTH_SECRET;
    process.env.NEXTAUTH_SECRET = "another-secret-after-a-rotation";
    resetEnv();
    try {
      const code = await loginCall(dev.email, password, codeAt(secret, enrolledAt + 30_000));
      expect(code).toMatchObject({ status: 401, body: { error: "INVALID_CREDENTIALS" } });
      expect((await loginCall(dev.email, password, recovery_codes[0])).status).toBe(200);
    } finally {
      process.env.NEXTAUTH_SECRET = original;
      resetEnv();
    }
  });

  it("a secret stored before encryption (plain base32) still verifies", async () => {
    const { dev, password, secret, enrolledAt } = await enrolled();
    await db.totpFactor.update({ where: { developerId: dev.id }, data: { secret } });
    expect((await loginCall(dev.email, password, codeAt(secret, enrolledAt + 30_000))).status).toBe(200);
  });
});
