import { randomUUID } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { MemberRole } from "@/lib/generated/prisma/enums";
import { ROLES } from "@/lib/teams/roles";
import { startBuiltServer } from "@/test/built-server";
import { freePort } from "@/test/server-process";
import { developerApi } from "@/test/developer-api";
import { teamWithEveryRole } from "@/test/team-fixtures";
import { STRONG_PASSWORD } from "@/test/developer-helpers";

// Every developer endpoint that acts for an organization, asked by a member of every role,
// through the production server. The expected roles are written out here, not read from
// lib/teams/roles.ts, so a rule dropped or widened there fails this table.

const ALL: MemberRole[] = ["owner", "admin", "developer", "billing", "viewer"];
const READERS: MemberRole[] = ["owner", "admin", "developer", "viewer"];
const BUILDERS: MemberRole[] = ["owner", "admin", "developer"];
const MANAGERS: MemberRole[] = ["owner", "admin"];
const PAYERS: MemberRole[] = ["owner", "billing"];

const some = () => randomUUID();
type Row = { method: string; path: () => string; body?: () => unknown; allowed: MemberRole[] };

const TABLE: Row[] = [
  { method: "GET", path: () => "/developer/usage", allowed: ALL },
  { method: "GET", path: () => "/developer/usage/history", allowed: ALL },
  { method: "GET", path: () => "/developer/keys", allowed: READERS },
  {
    method: "POST",
    path: () => "/developer/keys",
    body: () => ({ name: "k", environment: "test" }),
    allowed: BUILDERS,
  },
  { method: "DELETE", path: () => `/developer/keys/${some()}`, allowed: BUILDERS },
  {
    method: "POST",
    path: () => `/developer/keys/${some()}/roll`,
    body: () => ({ grace_period: "none" }),
    allowed: BUILDERS,
  },
  { method: "GET", path: () => "/developer/request-log", allowed: READERS },
  { method: "GET", path: () => "/developer/webhooks", allowed: READERS },
  { method: "POST", path: () => "/developer/webhooks", body: () => ({}), allowed: BUILDERS },
  { method: "GET", path: () => `/developer/webhooks/${some()}`, allowed: READERS },
  { method: "PATCH", path: () => `/developer/webhooks/${some()}`, body: () => ({ enabled: false }), allowed: BUILDERS },
  { method: "DELETE", path: () => `/developer/webhooks/${some()}`, allowed: BUILDERS },
  { method: "GET", path: () => `/developer/webhooks/${some()}/deliveries`, allowed: READERS },
  { method: "GET", path: () => `/developer/webhooks/${some()}/deliveries/${some()}`, allowed: READERS },
  { method: "POST", path: () => `/developer/webhooks/${some()}/deliveries/${some()}/replay`, allowed: BUILDERS },
  { method: "POST", path: () => `/developer/webhooks/${some()}/test`, allowed: BUILDERS },
  {
    method: "POST",
    path: () => `/developer/webhooks/${some()}/roll-secret`,
    body: () => ({ grace_period: "none" }),
    allowed: BUILDERS,
  },
  { method: "POST", path: () => "/developer/checkout", body: () => ({ plan: "pro" }), allowed: PAYERS },
  { method: "POST", path: () => "/developer/billing-portal", body: () => ({}), allowed: PAYERS },
  { method: "GET", path: () => "/developer/members", allowed: ALL },
  { method: "GET", path: () => "/developer/invitations", allowed: ALL },
  {
    method: "POST",
    path: () => "/developer/invitations",
    body: () => ({ email: `invitee-${some()}@example.test`, role: "viewer" }),
    allowed: MANAGERS,
  },
  { method: "DELETE", path: () => `/developer/invitations/${some()}`, allowed: MANAGERS },
  { method: "PATCH", path: () => `/developer/members/${some()}`, body: () => ({ role: "viewer" }), allowed: MANAGERS },
  { method: "DELETE", path: () => `/developer/members/${some()}`, allowed: MANAGERS },
  { method: "GET", path: () => "/developer/audit", allowed: MANAGERS },
];

let server: ChildProcess;
let base = "";
let team: Awaited<ReturnType<typeof teamWithEveryRole>>;

beforeAll(async () => {
  ({ server, base } = await startBuiltServer("team-roles", await freePort(), { RATE_LIMIT_STORE: "memory" }));
  team = await teamWithEveryRole({ signIn });
}, 120_000);

afterAll(() => {
  server?.kill();
});

const { signIn, ask } = developerApi(() => base);

describe("role x operation, through the production server", () => {
  for (const row of TABLE) {
    it(`${row.method} ${row.path().replace(/[0-9a-f-]{36}/g, "{id}")}: ${row.allowed.join(", ")}`, async () => {
      const outcome: Record<string, string> = {};
      for (const role of ROLES) {
        const res = await ask(team.members[role].token, row.method, row.path(), row.body?.());
        // Allowed: anything but a refusal for the role (a 404 for an id that does not exist, a
        // 400 for an empty body, a 503 for billing without Stripe are answers past the gate).
        outcome[role] = res.status === 403 && res.body?.error === "FORBIDDEN" ? "refused" : "allowed";
        expect(res.status, `${role}: ${JSON.stringify(res.body)}`).not.toBe(500);
      }
      expect(outcome).toEqual(
        Object.fromEntries(ROLES.map((r) => [r, row.allowed.includes(r) ? "allowed" : "refused"])),
      );
    });
  }

  it("deleting the organization: owners only; the organization and its keys are gone", async () => {
    const { org, members } = await teamWithEveryRole({ plan: "starter", name: "Short-lived", signIn });
    await db.apiKey.create({
      data: { developerId: org.id, name: "k", environment: "test", keyHash: `h-${some()}`, prefix: "ck_test_x" },
    });
    for (const role of ["admin", "developer", "billing", "viewer"] as const) {
      const res = await ask(members[role].token, "DELETE", "/developer/organization");
      expect(res).toMatchObject({ status: 403, body: { error: "FORBIDDEN" } });
    }
    expect(await ask(members.owner.token, "DELETE", "/developer/organization")).toMatchObject({ status: 200 });
    expect(await db.organization.count({ where: { id: org.id } })).toBe(0);
    expect(await db.apiKey.count({ where: { developerId: org.id } })).toBe(0);
  });

  it("a member removed by an admin is refused on their next request; the key they made still works", async () => {
    const { org, members } = await teamWithEveryRole({ name: "Removal", signIn });
    const created = await ask(members.developer.token, "POST", "/developer/keys", {
      name: "made by dev",
      environment: "test",
    });
    expect(created.status).toBe(201);
    const key = (created.body as unknown as { key: string; id: string }).key;
    expect((await ask(members.admin.token, "DELETE", `/developer/members/${members.developer.id}`)).status).toBe(200);
    expect(await ask(members.developer.token, "GET", "/developer/keys")).toMatchObject({
      status: 403,
      body: { error: "FORBIDDEN" },
    });
    const start = await fetch(`${base}/sdk/session/start`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(start.status).toBe(200);
    const row = await db.apiKey.findFirstOrThrow({ where: { developerId: org.id, name: "made by dev" } });
    expect(row.createdById).toBe(members.developer.id);
  });

  it("an organization keeps an owner: the last one can neither leave nor be demoted", async () => {
    const { members } = await teamWithEveryRole({ name: "One owner", signIn });
    const leave = await ask(members.owner.token, "DELETE", `/developer/members/${members.owner.id}`);
    expect(leave).toMatchObject({ status: 400, body: { error: "INVALID_REQUEST" } });
    const demote = await ask(members.owner.token, "PATCH", `/developer/members/${members.owner.id}`, { role: "admin" });
    expect(demote).toMatchObject({ status: 400, body: { error: "INVALID_REQUEST" } });
    // An admin may not make an owner, nor touch one.
    const promote = await ask(members.admin.token, "PATCH", `/developer/members/${members.viewer.id}`, {
      role: "owner",
    });
    expect(promote).toMatchObject({ status: 403, body: { error: "FORBIDDEN" } });
    const removeOwner = await ask(members.admin.token, "DELETE", `/developer/members/${members.owner.id}`);
    expect(removeOwner).toMatchObject({ status: 403, body: { error: "FORBIDDEN" } });
    // Ownership handed over: a second owner, then the first may step down.
    expect(
      (await ask(members.owner.token, "PATCH", `/developer/members/${members.admin.id}`, { role: "owner" })).status,
    ).toBe(200);
    expect(
      (await ask(members.owner.token, "PATCH", `/developer/members/${members.owner.id}`, { role: "admin" })).status,
    ).toBe(200);
  });

  it("a login names an organization only its members get a token for", async () => {
    const other = await teamWithEveryRole({ name: "Other", signIn });
    const login = (organization_id: string) =>
      fetch(`${base}/developer/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: other.members.viewer.email, password: STRONG_PASSWORD, organization_id }),
      });
    expect((await login(other.org.id)).status).toBe(200);
    const refused = await login(team.org.id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "FORBIDDEN" });
  });
});
