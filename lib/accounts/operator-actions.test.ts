import { describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { db } from "@/lib/db";
import { createDeveloper } from "@/test/fixtures";
import { runAccountCommand } from "@/scripts/account";

const run = promisify(execFile);

describe("npm run account", () => {
  it("sets status and plan, audit-logged as an operator action, and says when nothing changed", async () => {
    const dev = await createDeveloper({ status: "pending" });
    expect(await runAccountCommand(["status", dev.email.toUpperCase(), "active"])).toBe(
      `${dev.email.toUpperCase()}: status pending -> active`,
    );
    expect(await runAccountCommand(["plan", dev.email, "enterprise"])).toBe(`${dev.email}: plan starter -> enterprise`);
    expect(await runAccountCommand(["plan", dev.email, "enterprise"])).toBe(`${dev.email}: plan already enterprise`);
    expect(await db.developer.findUniqueOrThrow({ where: { id: dev.id } })).toMatchObject({ status: "active" });
    // The plan is the personal organization's, which follows the account's status.
    const org = await db.organization.findUniqueOrThrow({ where: { id: dev.id } });
    expect(org).toMatchObject({ status: "active", plan: "enterprise" });
    const audits = await db.auditLog.findMany({ where: { targetId: dev.id }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => [a.actorType, a.action, a.details])).toEqual([
      ["operator", "developer.status_change", { from: "pending", to: "active" }],
      ["operator", "developer.plan_change", { from: "starter", to: "enterprise" }],
    ]);
  });

  it("made staff, an account loses a second factor set up as a developer and its sessions: it enrols afresh", async () => {
    const dev = await createDeveloper();
    await db.developer.update({ where: { id: dev.id }, data: { totpEnabledAt: new Date() } });
    await db.totpFactor.create({ data: { developerId: dev.id, secret: "v1:x", confirmedAt: new Date() } });
    await db.portalSession.create({
      data: { developerId: dev.id, secondFactor: true, expiresAt: new Date(Date.now() + 3600_000) },
    });
    await runAccountCommand(["role", dev.email, "staff"]);
    const row = await db.developer.findUniqueOrThrow({ where: { id: dev.id } });
    expect(row).toMatchObject({ role: "staff", totpEnabledAt: null, sessionVersion: dev.sessionVersion + 1 });
    expect(await db.totpFactor.count({ where: { developerId: dev.id } })).toBe(0);
    expect(await db.portalSession.count({ where: { developerId: dev.id } })).toBe(0);
  });

  it("grants and removes staff rights, audit-logged", async () => {
    const dev = await createDeveloper();
    expect(await runAccountCommand(["role", dev.email, "staff"])).toBe(`${dev.email}: role developer -> staff`);
    expect((await db.developer.findUniqueOrThrow({ where: { id: dev.id } })).role).toBe("staff");
    expect(await runAccountCommand(["role", dev.email, "developer"])).toBe(`${dev.email}: role staff -> developer`);
    const actions = await db.auditLog.findMany({ where: { targetId: dev.id }, orderBy: { createdAt: "asc" } });
    expect(actions.map((a) => [a.action, a.details])).toEqual([
      ["developer.role_change", { from: "developer", to: "staff" }],
      ["developer.role_change", { from: "staff", to: "developer" }],
    ]);
    await expect(runAccountCommand(["role", dev.email, "admin"])).rejects.toThrow(/usage/);
  });

  it("refuses bad arguments and unknown addresses", async () => {
    await expect(runAccountCommand(["status", "a@b.io", "deleted"])).rejects.toThrow(/usage/);
    await expect(runAccountCommand(["plan"])).rejects.toThrow(/usage/);
    await expect(runAccountCommand(["status", "nobody@example.test", "active"])).rejects.toThrow(
      /No developer account/,
    );
  });

  it("works as a real command line", async () => {
    const dev = await createDeveloper({ status: "active" });
    const { stdout } = await run("npx", ["tsx", "scripts/account.ts", "status", dev.email, "suspended"], {
      env: process.env,
    });
    expect(stdout.trim()).toBe(`${dev.email}: status active -> suspended`);
    expect((await db.developer.findUniqueOrThrow({ where: { id: dev.id } })).status).toBe("suspended");
    const failed = await run("npx", ["tsx", "scripts/account.ts", "plan", dev.email, "gold"], {
      env: process.env,
    }).catch((e) => e);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/usage: npm run account/);
  });
});
