import { describe, expect, it } from "vitest";
import { Secret, TOTP } from "otpauth";
import { db } from "@/lib/db";
import { openPortalSession } from "@/lib/auth/portal-session";
import { removeTwoFactorAsStaff } from "@/lib/support/staff-actions";
import { developerWithToken } from "@/test/developer-fixtures";
import { smtpPerSuite } from "@/test/developer-helpers";
import { createDeveloper } from "@/test/fixtures";
import { confirmTotpEnrolment, startTotpEnrolment, verifySecondFactor } from "./totp";
import { disableTwoFactor, renewRecoveryCodes } from "./two-factor-settings";
import { mailEnrolmentCode, proveEnrolmentCode } from "./mailed-code";

const smtp = smtpPerSuite();

const codeAt = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: at,
  });

async function enrolled() {
  const { dev, password } = await developerWithToken();
  const other = await openPortalSession(dev.id, { secondFactor: false, ip: "x" });
  const mine = await openPortalSession(dev.id, { secondFactor: false, ip: "x" });
  const { secret } = await startTotpEnrolment(dev);
  const { recovery_codes } = await confirmTotpEnrolment(dev, codeAt(secret), "ip", new Date(), mine);
  const fresh = await db.developer.findUniqueOrThrow({ where: { id: dev.id } });
  return { dev: fresh, password, secret, recovery_codes, sessions: { other, mine } };
}

describe("turning two-factor sign-in on", () => {
  it("marks the confirming session as proved, ends the account's other sessions, and mails the owner", async () => {
    const seen = smtp.mails.length;
    const { dev, sessions } = await enrolled();
    expect(await db.portalSession.findUnique({ where: { id: sessions.other } })).toBeNull();
    expect(await db.portalSession.findUniqueOrThrow({ where: { id: sessions.mine } })).toMatchObject({
      secondFactor: true,
    });
    expect((await smtp.waitFor(dev.email, seen)).raw).toContain("Two-factor sign-in was turned on");
  });
});

describe("the owner's two-factor settings", () => {
  it("turning it off needs the password and a code; it is then off, audited and mailed", async () => {
    const { dev, password, recovery_codes } = await enrolled();
    await expect(
      disableTwoFactor(dev, { password: "not the password", code: recovery_codes[0] }, "ip"),
    ).rejects.toMatchObject({ code: "INVALID_CREDENTIALS" });
    await expect(disableTwoFactor(dev, { password, code: "000000" }, "ip")).rejects.toMatchObject({
      code: "INVALID_CREDENTIALS",
    });
    await expect(disableTwoFactor(dev, { password }, "ip")).rejects.toMatchObject({ name: "ZodError" });
    expect((await db.developer.findUniqueOrThrow({ where: { id: dev.id } })).totpEnabledAt).not.toBeNull();
    const seen = smtp.mails.length;
    await disableTwoFactor(dev, { password, code: recovery_codes[0] }, "ip");
    expect((await db.developer.findUniqueOrThrow({ where: { id: dev.id } })).totpEnabledAt).toBeNull();
    expect(await db.totpFactor.count({ where: { developerId: dev.id } })).toBe(0);
    expect(await db.recoveryCode.count({ where: { developerId: dev.id } })).toBe(0);
    expect(await db.auditLog.count({ where: { targetId: dev.id, action: "developer.totp_disable" } })).toBe(1);
    expect((await smtp.waitFor(dev.email, seen)).raw).toContain("Two-factor sign-in was turned off");
  });

  it("new recovery codes replace the old ones; wrong codes spend the account's budget (5, then 429)", async () => {
    const { dev, password, secret, recovery_codes } = await enrolled();
    const { recovery_codes: renewed } = await renewRecoveryCodes(dev, { password, code: recovery_codes[0] }, "ip");
    expect(renewed).toHaveLength(10);
    expect(await verifySecondFactor(dev.id, recovery_codes[1])).toBe(false);
    expect(await verifySecondFactor(dev.id, renewed[0])).toBe(true);
    for (let i = 0; i < 5; i++)
      await expect(renewRecoveryCodes(dev, { password, code: "000000" }, "ip")).rejects.toMatchObject({
        code: "INVALID_CREDENTIALS",
      });
    await expect(
      renewRecoveryCodes(dev, { password, code: codeAt(secret, Date.now() + 30_000) }, "ip"),
    ).rejects.toMatchObject({ code: "AUTH_BLOCKED" });
  });
});

describe("the password of the owner's proof", () => {
  it("counts against the address like a sign-in: 10 wrong passwords, then 429 even with the right one", async () => {
    const { dev, password, recovery_codes } = await enrolled();
    for (let i = 0; i < 10; i++)
      await expect(
        disableTwoFactor(dev, { password: `guess number ${i}`, code: recovery_codes[0] }, "ip"),
      ).rejects.toMatchObject({ code: "INVALID_CREDENTIALS" });
    await expect(disableTwoFactor(dev, { password, code: recovery_codes[0] }, "ip")).rejects.toMatchObject({
      code: "AUTH_BLOCKED",
    });
  });
});

describe("staff take two-factor sign-in off an account", () => {
  it("with a reason: off, every session ended, audited with the reason, the owner mailed", async () => {
    const { dev, sessions } = await enrolled();
    const staff = await createDeveloper({ role: "staff" });
    const seen = smtp.mails.length;
    const res = await removeTwoFactorAsStaff(
      { id: staff.id, ip: "203.0.113.9" },
      { developerId: dev.id, reason: "Lost phone, identity checked" },
    );
    expect(res.message).toContain("Two-factor sign-in is off");
    const after = await db.developer.findUniqueOrThrow({ where: { id: dev.id } });
    expect(after.totpEnabledAt).toBeNull();
    expect(after.sessionVersion).toBe(dev.sessionVersion + 1);
    expect(await db.portalSession.findUnique({ where: { id: sessions.mine } })).toBeNull();
    expect(
      await db.auditLog.findFirstOrThrow({ where: { targetId: dev.id, action: "developer.totp_remove" } }),
    ).toMatchObject({ actorId: staff.id, actorType: "staff", details: { reason: "Lost phone, identity checked" } });
    expect((await smtp.waitFor(dev.email, seen)).raw).toContain("turned off by our support staff");
    await expect(
      removeTwoFactorAsStaff({ id: staff.id, ip: "x" }, { developerId: dev.id, reason: "again please" }),
    ).rejects.toMatchObject({ code: "INVALID_REQUEST" });
  });
});

describe("the code mailed to staff before they enrol", () => {
  async function staffSession() {
    const dev = await createDeveloper({ role: "staff" });
    const id = await openPortalSession(dev.id, { secondFactor: false, ip: "x" });
    return { ...dev, portalSession: { id, mailedCodeProvedAt: null } };
  }

  it("is needed to start enrolment; a wrong one is refused, the mailed one proves this session only", async () => {
    const staff = await staffSession();
    await expect(startTotpEnrolment(staff)).rejects.toMatchObject({ code: "FORBIDDEN" });
    const seen = smtp.mails.length;
    await mailEnrolmentCode(staff);
    const code = /confirmation code is (\d{6})/.exec((await smtp.waitFor(staff.email, seen)).raw)![1]!;
    await expect(mailEnrolmentCode(staff)).rejects.toMatchObject({ code: "RATE_LIMIT_EXCEEDED" });
    const wrong = code === "000000" ? "000001" : "000000";
    await expect(proveEnrolmentCode(staff, wrong)).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    const other = {
      ...staff,
      portalSession: { id: await openPortalSession(staff.id, { secondFactor: false, ip: "x" }) },
    };
    await expect(proveEnrolmentCode(other, code)).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    await proveEnrolmentCode(staff, code);
    const proved = await db.portalSession.findUniqueOrThrow({ where: { id: staff.portalSession.id } });
    expect(proved.mailedCodeProvedAt).not.toBeNull();
    expect(proved.mailedCodeHash).toBeNull();
    await expect(proveEnrolmentCode(staff, code)).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    const enrolment = await startTotpEnrolment({
      ...staff,
      portalSession: { mailedCodeProvedAt: proved.mailedCodeProvedAt },
    });
    expect(enrolment.uri).toMatch(/^otpauth:/);
  });

  it("is not for developers", async () => {
    const dev = await createDeveloper();
    const id = await openPortalSession(dev.id, { secondFactor: false, ip: "x" });
    await expect(mailEnrolmentCode({ ...dev, portalSession: { id } })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
