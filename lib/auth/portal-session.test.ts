import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { developerForSession } from "@/lib/accounts/session-developer";
import { signOutEverywhere } from "@/lib/accounts/sign-out-everywhere";
import { createDeveloper } from "@/test/fixtures";
import {
  developerForPortalSession,
  deleteExpiredPortalSessions,
  endOwnPortalSession,
  endPortalSession,
  listPortalSessions,
  openPortalSession,
  SESSION_ABSOLUTE_SECONDS,
  SESSION_IDLE_SECONDS,
} from "./portal-session";

const DAY = 24 * 3600 * 1000;
const at = (t0: Date, ms: number) => new Date(t0.getTime() + ms);

describe("portal sessions", () => {
  it("end after 7 idle days; use moves the idle end forward (at most daily), never past 30 days from sign-in", async () => {
    const dev = await createDeveloper();
    const t0 = new Date();
    const id = await openPortalSession(dev.id, { secondFactor: true, ip: "x" }, t0);
    expect((await developerForPortalSession(id, at(t0, 1000)))?.portalSession).toMatchObject({
      id,
      secondFactor: true,
    });
    expect(await developerForPortalSession(id, at(t0, SESSION_IDLE_SECONDS * 1000 + 1))).toBeNull();
    // Used every 6 days: alive at day 29, gone at day 30 however it is used.
    for (let day = 6; day < 30; day += 6)
      expect(await developerForPortalSession(id, at(t0, day * DAY)), `day ${day}`).not.toBeNull();
    expect(await developerForPortalSession(id, at(t0, SESSION_ABSOLUTE_SECONDS * 1000 + 1))).toBeNull();
    expect(await deleteExpiredPortalSessions(at(t0, SESSION_ABSOLUTE_SECONDS * 1000 + 1))).toBeGreaterThanOrEqual(1);
    expect(await db.portalSession.findUnique({ where: { id } })).toBeNull();
  });

  it("sign-out ends one session; a malformed id is no session and no error", async () => {
    const dev = await createDeveloper();
    const [a, b] = [
      await openPortalSession(dev.id, { secondFactor: false, ip: "x" }),
      await openPortalSession(dev.id, { secondFactor: false, ip: "y" }),
    ];
    await endPortalSession(a);
    expect(await developerForPortalSession(a)).toBeNull();
    expect(await developerForPortalSession(b)).not.toBeNull();
    expect(await developerForPortalSession("not-a-uuid")).toBeNull();
    await endPortalSession("'; DROP TABLE x; --");
  });

  it("lists the account's live sessions newest first; one can be signed out by its own account only", async () => {
    const dev = await createDeveloper();
    const stranger = await createDeveloper();
    const t0 = new Date();
    const older = await openPortalSession(dev.id, { secondFactor: false, ip: "198.51.100.1" }, t0);
    const newer = await openPortalSession(dev.id, { secondFactor: true, ip: "198.51.100.2" }, at(t0, 1000));
    await openPortalSession(stranger.id, { secondFactor: false, ip: "x" });
    const { sessions, total } = await listPortalSessions(dev.id, at(t0, 2000));
    expect(total).toBe(2);
    expect(sessions.map((s) => [s.id, s.ip, s.secondFactor])).toEqual([
      [newer, "198.51.100.2", true],
      [older, "198.51.100.1", false],
    ]);
    expect(await endOwnPortalSession(stranger.id, older)).toBe(false);
    expect(await endOwnPortalSession(dev.id, 42)).toBe(false);
    expect(await developerForPortalSession(older)).not.toBeNull();
    expect(await endOwnPortalSession(dev.id, older)).toBe(true);
    expect(await developerForPortalSession(older)).toBeNull();
  });

  it("sign out everywhere ends every portal session and every ID token, audited", async () => {
    const dev = await createDeveloper();
    const ids = [
      await openPortalSession(dev.id, { secondFactor: false, ip: "x" }),
      await openPortalSession(dev.id, { secondFactor: true, ip: "y" }),
    ];
    expect(await developerForSession(dev.id, dev.sessionVersion)).not.toBeNull();
    expect(await signOutEverywhere(dev.id, "203.0.113.1")).toBe(2);
    for (const id of ids) expect(await developerForPortalSession(id)).toBeNull();
    expect(await developerForSession(dev.id, dev.sessionVersion)).toBeNull();
    expect(await db.auditLog.count({ where: { targetId: dev.id, action: "developer.sign_out_everywhere" } })).toBe(1);
  });
});
