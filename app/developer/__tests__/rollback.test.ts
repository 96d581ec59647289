import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import * as keys from "@/app/developer/keys/route";
import * as profile from "@/app/developer/profile/route";
import { setLogSink } from "@/lib/logger";
import { call } from "@/test/developer-helpers";
import { developerWithToken } from "@/test/developer-fixtures";

// Injected failures: one in the audit write itself (the action must not survive without its
// row), one after the audit row inside the same transaction (the row must not survive without
// its action). Both surface as 500 INTERNAL without internals.
const failures = vi.hoisted(() => ({ audit: false, afterAudit: false }));

vi.mock("@/lib/audit/audit", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/audit/audit")>();
  return {
    ...real,
    audit: async (...args: Parameters<typeof real.audit>) => {
      if (failures.audit) throw new Error("injected audit failure");
      return real.audit(...args);
    },
  };
});

vi.mock("@/lib/time", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/time")>();
  return {
    ...real,
    unixSeconds: (at: Date) => {
      if (failures.afterAudit) throw new Error("injected failure after the audit row");
      return real.unixSeconds(at);
    },
  };
});

afterEach(() => {
  failures.audit = false;
  failures.afterAudit = false;
});

describe("an injected failure rolls back the action and its audit row", () => {
  it("audit write fails: no key is created", async () => {
    const { dev, token } = await developerWithToken();
    const lines: string[] = [];
    const previous = setLogSink((l) => lines.push(l));
    failures.audit = true;
    const res = await call(keys.POST, "POST", "/developer/keys", { token, body: { name: "k", environment: "live" } });
    setLogSink(previous);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: "INTERNAL", message: expect.stringMatching(/^Internal error/), retryable: true });
    expect(lines.join("\n")).toContain("injected audit failure");
    expect(await db.apiKey.count({ where: { developerId: dev.id } })).toBe(0);
    expect(await db.auditLog.count({ where: { actorId: dev.id } })).toBe(0);
  });

  it("failure after the audit row: neither the profile change nor the row remains", async () => {
    const { dev, token } = await developerWithToken();
    failures.afterAudit = true;
    const res = await call(profile.PATCH, "PATCH", "/developer/profile", {
      token,
      body: { name: "Changed", company: "NewCo" },
    });
    expect(res.status).toBe(500);
    const row = await db.developer.findUniqueOrThrow({ where: { id: dev.id } });
    expect(row.name).toBe("Grace");
    expect(row.company).toBeNull();
    expect(await db.auditLog.count({ where: { actorId: dev.id, action: "developer.profile_update" } })).toBe(0);
    failures.afterAudit = false;
    const ok = await call(profile.PATCH, "PATCH", "/developer/profile", {
      token,
      body: { name: "Changed", company: "NewCo" },
    });
    expect(ok.body).toMatchObject({ name: "Changed", company: "NewCo" });
    expect(await db.auditLog.count({ where: { actorId: dev.id, action: "developer.profile_update" } })).toBe(1);
  });
});
