import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { db } from "@/lib/db";
import { resetEnv } from "@/lib/env";
import { authenticateApiKey } from "@/lib/keys/authenticate-key";
import { createApiKey, createDeveloper, personalActor } from "@/test/fixtures";
import { smtpPerSuite } from "@/test/developer-helpers";
import { changeAccountStatus, changePlan, revokeKeyAsStaff } from "./staff-actions";
import { addNote } from "./notes";
import { createEndpoint } from "@/lib/webhooks/endpoints";
import { getAccountOverview } from "./account-overview";

const smtp = smtpPerSuite();

async function staffMember() {
  const s = await createDeveloper({ role: "staff" });
  return { id: s.id, ip: "203.0.113.7" };
}

const auditsOf = (targetId: string) => db.auditLog.findMany({ where: { targetId }, orderBy: { createdAt: "asc" } });

describe("staff actions", () => {
  it("approve a verified waiting account: active, audit-logged with the reason and the staff IP, and the developer is mailed", async () => {
    const staff = await staffMember();
    const dev = await db.developer.update({
      where: { id: (await createDeveloper({ status: "pending" })).id },
      data: { emailVerifiedAt: new Date() },
    });
    const seen = smtp.mails.length;
    const res = await changeAccountStatus(staff, { developerId: dev.id, action: "approve", reason: "Known customer" });
    expect(res.message).toBe(`${dev.email} is approved. The developer was e-mailed.`);
    expect((await db.developer.findUniqueOrThrow({ where: { id: dev.id } })).status).toBe("active");
    const [row] = await auditsOf(dev.id);
    expect(row).toMatchObject({
      actorId: staff.id,
      actorType: "staff",
      action: "developer.status_change",
      ip: "203.0.113.7",
      details: { from: "pending", to: "active", reason: "Known customer" },
    });
    expect((await smtp.waitFor(dev.email, seen)).raw).toContain("Subject: Your Vitals account is approved");
    const staffEmail = (await db.developer.findUniqueOrThrow({ where: { id: staff.id } })).email;
    expect((await getAccountOverview(dev.id))!.statusHistory[0]).toMatchObject({
      from: "pending",
      to: "active",
      actor: `staff ${staffEmail}`,
      reason: "Known customer",
    });
  });

  it("refuses what does not fit the account's state, changing nothing", async () => {
    const staff = await staffMember();
    const unverified = await createDeveloper({ status: "pending" });
    await expect(
      changeAccountStatus(staff, { developerId: unverified.id, action: "approve", reason: "Looks fine" }),
    ).rejects.toThrow(/not verified/);
    const active = await createDeveloper();
    await expect(
      changeAccountStatus(staff, { developerId: active.id, action: "reinstate", reason: "Looks fine" }),
    ).rejects.toThrow(/cannot be reinstated/);
    await expect(changePlan(staff, { developerId: active.id, plan: "starter", reason: "Same plan" })).rejects.toThrow(
      /already on starter/,
    );
    await expect(
      changeAccountStatus(staff, { developerId: staff.id, action: "suspend", reason: "Myself" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await auditsOf(unverified.id)).toEqual([]);
    expect(await auditsOf(active.id)).toEqual([]);
  });

  it("needs a short reason for every action", async () => {
    const staff = await staffMember();
    const dev = await createDeveloper();
    await expect(
      changeAccountStatus(staff, { developerId: dev.id, action: "suspend", reason: "  " }),
    ).rejects.toBeInstanceOf(ZodError);
    await expect(changePlan(staff, { developerId: dev.id, plan: "pro", reason: "x" })).rejects.toBeInstanceOf(ZodError);
    // Text PostgreSQL cannot store is refused with a message, not a database failure.
    await expect(
      changeAccountStatus(staff, { developerId: dev.id, action: "suspend", reason: "spam\u0000check" }),
    ).rejects.toThrow("Remove the invisible characters");
    await expect(addNote(staff, { developerId: dev.id, body: "line one\nline \ud800two" })).rejects.toThrow(
      "Remove the invisible characters",
    );
    expect((await db.developer.findUniqueOrThrow({ where: { id: dev.id } })).status).toBe("active");
    // Line breaks are fine in a note.
    await expect(addNote(staff, { developerId: dev.id, body: "line one\nline two" })).resolves.toMatchObject({
      ok: true,
    });
  });

  it("suspend, reinstate and change the plan: each audited with its reason and mailed to the developer", async () => {
    const staff = await staffMember();
    const dev = await createDeveloper();
    let seen = smtp.mails.length;
    await changeAccountStatus(staff, { developerId: dev.id, action: "suspend", reason: "Chargeback" });
    expect((await smtp.waitFor(dev.email, seen)).raw).toContain("Subject: Your Vitals account is suspended");
    seen = smtp.mails.length;
    await changeAccountStatus(staff, { developerId: dev.id, action: "reinstate", reason: "Paid" });
    expect((await smtp.waitFor(dev.email, seen)).raw).toContain("Subject: Your Vitals account is active again");
    seen = smtp.mails.length;
    await changePlan(staff, { developerId: dev.id, plan: "enterprise", reason: "Signed contract" });
    const mail = await smtp.waitFor(dev.email, seen);
    expect(mail.raw).toContain("Subject: Your Vitals plan is now enterprise");
    // The staff member's reason is internal: it is never mailed.
    expect(mail.raw).not.toContain("Signed contract");
    expect((await auditsOf(dev.id)).map((a) => a.details)).toEqual([
      { from: "active", to: "suspended", reason: "Chargeback" },
      { from: "suspended", to: "active", reason: "Paid" },
      { from: "starter", to: "enterprise", reason: "Signed contract" },
    ]);
  });

  it("reinstate goes back to where the suspension found the account: pending while unverified or, with approval required, unapproved", async () => {
    const staff = await staffMember();
    const reinstated = async (id: string) => {
      await changeAccountStatus(staff, { developerId: id, action: "suspend", reason: "Check" });
      const res = await changeAccountStatus(staff, { developerId: id, action: "reinstate", reason: "Fine" });
      return { res, status: (await db.developer.findUniqueOrThrow({ where: { id } })).status };
    };
    const unverified = await createDeveloper({ status: "pending" });
    const seen = smtp.mails.length;
    const back = await reinstated(unverified.id);
    expect(back.status).toBe("pending");
    expect(back.res.message).toBe(`${unverified.email} is reinstated, and pending again.`);
    // Only the suspension was mailed: no "active again" for an account that is not.
    await smtp.waitFor(unverified.email, seen);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.slice(seen).filter((m) => m.raw.includes("active again"))).toEqual([]);

    process.env.REQUIRE_APPROVAL = "true";
    resetEnv();
    try {
      const waiting = await db.developer.update({
        where: { id: (await createDeveloper({ status: "pending" })).id },
        data: { emailVerifiedAt: new Date() },
      });
      expect((await reinstated(waiting.id)).status).toBe("pending");
      const approved = await createDeveloper();
      expect((await reinstated(approved.id)).status).toBe("active");
    } finally {
      delete process.env.REQUIRE_APPROVAL;
      resetEnv();
    }
    // Without approval, a verified account is active again.
    const verified = await db.developer.update({
      where: { id: (await createDeveloper({ status: "pending" })).id },
      data: { emailVerifiedAt: new Date() },
    });
    expect((await reinstated(verified.id)).status).toBe("active");
  });

  it("revoke a key: refused on its next use, audited on the key with the reason, mailed, key.revoked queued; another account's key is 404", async () => {
    const staff = await staffMember();
    const dev = await createDeveloper();
    const key = await createApiKey(dev.id, "live");
    const other = await createApiKey((await createDeveloper()).id, "live");
    const { endpoint } = await createEndpoint(personalActor(dev.id, "127.0.0.1"), {
      url: "https://hooks.example.com/keys",
      environment: "live",
      event_types: ["key.revoked"],
    });
    const seen = smtp.mails.length;
    expect(
      (await revokeKeyAsStaff(staff, { developerId: dev.id, keyId: key.id, reason: "Leaked on GitHub" })).message,
    ).toBe(`Key ${key.prefix}… revoked. The developer was e-mailed.`);
    await expect(authenticateApiKey(key.key)).rejects.toMatchObject({ code: "API_KEY_REVOKED" });
    expect(await auditsOf(key.id)).toMatchObject([
      {
        actorId: staff.id,
        action: "api_key.revoke",
        details: { prefix: key.prefix, developer_id: dev.id, reason: "Leaked on GitHub" },
      },
    ]);
    const event = await db.webhookEvent.findFirstOrThrow({
      where: { deliveries: { some: { endpointId: endpoint.id } } },
    });
    expect(event).toMatchObject({ type: "key.revoked", payload: { key_id: key.id, revoked_by: "staff" } });
    const mail = await smtp.waitFor(dev.email, seen);
    expect(mail.raw).toContain(key.prefix);
    expect(mail.raw).not.toContain(key.key);
    await expect(revokeKeyAsStaff(staff, { developerId: dev.id, keyId: key.id, reason: "Again" })).rejects.toThrow(
      /already revoked/,
    );
    await expect(
      revokeKeyAsStaff(staff, { developerId: dev.id, keyId: other.id, reason: "Wrong account" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: other.id } })).revokedAt).toBeNull();
  });

  it("resend the verification mail and start a password reset: links mailed to the developer, never shown to staff", async () => {
    const staff = await staffMember();
    const dev = await createDeveloper({ status: "pending" });
    let seen = smtp.mails.length;
    const sent = await changeAccountStatus(staff, {
      developerId: dev.id,
      action: "resend_verification",
      reason: "Lost the first mail",
    });
    expect(sent.message).toBe(`Verification mail sent to ${dev.email}.`);
    expect((await smtp.waitFor(dev.email, seen)).raw).toMatch(/\/verify\?token=[\w-]{20,}/);
    seen = smtp.mails.length;
    const reset = await changeAccountStatus(staff, {
      developerId: dev.id,
      action: "password_reset",
      reason: "Locked out, called in",
    });
    expect(reset.message).not.toMatch(/token/i);
    expect((await smtp.waitFor(dev.email, seen)).raw).toMatch(/\/reset-password\?token=[\w-]{20,}/);
    expect((await auditsOf(dev.id)).map((a) => [a.action, a.details])).toEqual([
      ["developer.verification_resent", { reason: "Lost the first mail" }],
      ["developer.password_reset_started", { reason: "Locked out, called in" }],
    ]);
    const verified = await createDeveloper();
    await expect(
      changeAccountStatus(staff, { developerId: verified.id, action: "resend_verification", reason: "Why not" }),
    ).rejects.toThrow(/already verified/);
  });

  it("internal notes: stored for staff, audit-logged by id without their text", async () => {
    const staff = await staffMember();
    const dev = await createDeveloper();
    await addNote(staff, { developerId: dev.id, body: "Prefers phone calls" });
    const [note] = await db.supportNote.findMany({ where: { developerId: dev.id } });
    expect(note).toMatchObject({ authorId: staff.id, body: "Prefers phone calls" });
    expect(await auditsOf(dev.id)).toMatchObject([{ action: "support.note_add", details: { note_id: note!.id } }]);
    expect(JSON.stringify(await auditsOf(dev.id))).not.toContain("Prefers phone calls");
  });
});
