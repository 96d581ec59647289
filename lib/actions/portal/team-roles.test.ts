import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PortalMember } from "@/lib/auth/current-member";
import { IDLE } from "@/lib/actions/form-state";
import type { MemberRole } from "@/lib/generated/prisma/enums";
import { memberFor } from "@/lib/teams/member";
import { ROLES } from "@/lib/teams/roles";
import { teamWithEveryRole } from "@/test/team-fixtures";

// Every portal server action that acts for an organization, called by a member of every role as
// the portal calls it: only the signed-in member, the request headers and the page cache are
// stood in for. The expected roles are written out here, not read from lib/teams/roles.ts.
let signedIn: PortalMember | null = null;
vi.mock("@/lib/auth/current-member", () => ({
  currentMember: async () => signedIn,
  ORGANIZATION_COOKIE: "vitals-org",
}));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-vitals-client-ip": "203.0.113.9" }),
  cookies: async () => ({ get: () => undefined, set: () => undefined, delete: () => undefined }),
}));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const BUILDERS: MemberRole[] = ["owner", "admin", "developer"];
const MANAGERS: MemberRole[] = ["owner", "admin"];
const PAYERS: MemberRole[] = ["owner", "billing"];

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const some = () => randomUUID();

type Row = { name: string; call: () => Promise<{ ok: boolean; message?: string }>; allowed: MemberRole[] };

const keys = () => import("./keys");
const webhooks = () => import("./webhooks");
const billing = () => import("./billing");
const tryIt = () => import("./try-it");
const team = () => import("./team");

const TABLE: Row[] = [
  {
    name: "createKeyAction",
    call: async () => (await keys()).createKeyAction(IDLE, form({ name: "k", environment: "test" })),
    allowed: BUILDERS,
  },
  { name: "revokeKeyAction", call: async () => (await keys()).revokeKeyAction(some()), allowed: BUILDERS },
  { name: "rollKeyAction", call: async () => (await keys()).rollKeyAction(some(), "none"), allowed: BUILDERS },
  {
    name: "createEndpointAction",
    call: async () => (await webhooks()).createEndpointAction(IDLE, form({ url: "https://hooks.example.com/x" })),
    allowed: BUILDERS,
  },
  {
    name: "updateEndpointAction",
    call: async () => (await webhooks()).updateEndpointAction(some(), form({ url: "https://hooks.example.com/x" })),
    allowed: BUILDERS,
  },
  {
    name: "setEndpointEnabledAction",
    call: async () => (await webhooks()).setEndpointEnabledAction(some(), false),
    allowed: BUILDERS,
  },
  {
    name: "rollEndpointSecretAction",
    call: async () => (await webhooks()).rollEndpointSecretAction(some(), "none"),
    allowed: BUILDERS,
  },
  {
    name: "deleteEndpointAction",
    call: async () => (await webhooks()).deleteEndpointAction(some()),
    allowed: BUILDERS,
  },
  { name: "sendTestEventAction", call: async () => (await webhooks()).sendTestEventAction(some()), allowed: BUILDERS },
  {
    name: "replayDeliveryAction",
    call: async () => (await webhooks()).replayDeliveryAction(some()),
    allowed: BUILDERS,
  },
  { name: "checkoutAction", call: async () => (await billing()).checkoutAction("pro"), allowed: PAYERS },
  { name: "billingPortalAction", call: async () => (await billing()).billingPortalAction(), allowed: PAYERS },
  { name: "startTryItAction", call: async () => (await tryIt()).startTryItAction(), allowed: BUILDERS },
  {
    name: "inviteAction",
    call: async () => (await team()).inviteAction(IDLE, form({ email: `x-${some()}@example.test`, role: "viewer" })),
    allowed: MANAGERS,
  },
  {
    name: "revokeInvitationAction",
    call: async () => (await team()).revokeInvitationAction(some()),
    allowed: MANAGERS,
  },
  {
    name: "changeRoleAction",
    call: async () => (await team()).changeRoleAction(some(), "viewer"),
    allowed: MANAGERS,
  },
  {
    name: "removeMemberAction (someone else)",
    call: async () => (await team()).removeMemberAction(some()),
    allowed: MANAGERS,
  },
];

let cast: Awaited<ReturnType<typeof teamWithEveryRole>>;

beforeAll(async () => {
  cast = await teamWithEveryRole({ name: "Action roles" });
});

async function signInAs(role: MemberRole) {
  const account = await import("@/lib/db").then(({ db }) =>
    db.developer.findUniqueOrThrow({ where: { id: cast.members[role].id }, omit: { passwordHash: true } }),
  );
  const member = (await memberFor(account.id, cast.org.id))!;
  signedIn = {
    developer: { ...account, portalSession: { id: randomUUID(), secondFactor: false, mailedCodeProvedAt: null } },
    member,
  };
}

// The refusal every member action gives a role the table does not allow (lib/teams/member.ts).
const refused = (out: { ok: boolean; message?: string }) => !out.ok && /does not allow this/.test(out.message ?? "");

describe("portal server actions: role x action", () => {
  for (const row of TABLE) {
    it(`${row.name}: ${row.allowed.join(", ")}`, async () => {
      const outcome: Record<string, string> = {};
      for (const role of ROLES) {
        await signInAs(role);
        outcome[role] = refused(await row.call()) ? "refused" : "allowed";
      }
      expect(outcome).toEqual(
        Object.fromEntries(ROLES.map((r) => [r, row.allowed.includes(r) ? "allowed" : "refused"])),
      );
    });
  }
});
