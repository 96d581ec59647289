import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import type { PortalDeveloper } from "@/lib/auth/current-developer";
import { IDLE } from "@/lib/actions/form-state";
import { createEndpoint } from "@/lib/webhooks/endpoints";
import { sendTestEvent } from "@/lib/webhooks/deliveries";
import { createDeveloper, personalActor } from "@/test/fixtures";

// The webhooks page's actions, called as the portal calls them: only the signed-in developer,
// the request headers and the page cache are stood in for (no next-auth cookie or request scope
// in a test). What they guard is the account: its status, and whose endpoints and deliveries.
let signedIn: PortalDeveloper | null = null;
vi.mock("@/lib/auth/current-developer", () => ({ currentDeveloper: async () => signedIn }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-vitals-client-ip": "203.0.113.9" }),
  cookies: async () => ({ get: () => undefined, set: () => undefined, delete: () => undefined }),
}));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const actions = () => import("./webhooks");

async function signIn(status: "pending" | "active" | "suspended" = "active") {
  const dev = await createDeveloper({ status });
  const { passwordHash: _, ...account } = dev;
  signedIn = { ...account, portalSession: { id: randomUUID(), secondFactor: false, mailedCodeProvedAt: null } };
  return dev;
}

function endpointForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

const ADD = {
  url: "https://hooks.example.com/vitals",
  description: "",
  environment: "test",
  "event:scan.completed": "on",
  "event:key.revoked": "on",
};

beforeEach(() => {
  signedIn = null;
});

describe("the webhooks page's actions", () => {
  it("add an endpoint from the form's checkboxes and hand back its signing secret, audited with the client IP", async () => {
    const { createEndpointAction } = await actions();
    const dev = await signIn();
    const res = await createEndpointAction(IDLE, endpointForm(ADD));
    expect(res.ok).toBe(true);
    expect(res.data!.secret).toMatch(/^whsec_/);
    expect(res.data!.endpoint).toMatchObject({
      url: ADD.url,
      description: null,
      environment: "test",
      event_types: ["scan.completed", "key.revoked"],
      enabled: true,
    });
    const audit = await db.auditLog.findFirstOrThrow({ where: { targetId: res.data!.endpoint.id } });
    expect(audit).toMatchObject({ actorId: dev.id, action: "webhook_endpoint.create", ip: "203.0.113.9" });
  });

  it("an endpoint with no event ticked is refused with the field named, and nothing is stored", async () => {
    const { createEndpointAction } = await actions();
    const dev = await signIn();
    const res = await createEndpointAction(IDLE, endpointForm({ url: ADD.url, environment: "live" }));
    expect(res.ok).toBe(false);
    expect(res.fieldErrors?.event_types).toMatch(/at least one event/);
    expect(await db.webhookEndpoint.count({ where: { developerId: dev.id } })).toBe(0);
  });

  it.each([
    ["pending", /verify|approv/i],
    ["suspended", /suspended/i],
  ] as const)("a %s account cannot add an endpoint", async (status, message) => {
    const { createEndpointAction } = await actions();
    const dev = await signIn(status);
    const res = await createEndpointAction(IDLE, endpointForm(ADD));
    expect(res.ok).toBe(false);
    expect(res.message).toMatch(message);
    expect(await db.webhookEndpoint.count({ where: { developerId: dev.id } })).toBe(0);
  });

  it("signed out, every action asks to sign in again", async () => {
    const a = await actions();
    const res = await a.sendTestEventAction(randomUUID());
    expect(res).toEqual({ ok: false, message: "Your session has ended. Sign in again." });
  });

  it("another account's endpoint and delivery are not found by any action, and stay as they were", async () => {
    const a = await actions();
    const owner = await createDeveloper();
    const actor = personalActor(owner.id, "198.51.100.1");
    const { endpoint } = await createEndpoint(actor, {
      url: "https://owner.example.com/hook",
      environment: "live",
      event_types: ["scan.completed"],
    });
    const { event_id } = await sendTestEvent(actor, endpoint.id);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { eventId: event_id } });
    const before = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });

    await signIn();
    const edit = endpointForm({ url: "https://attacker.example.com/hook", description: "", "event:scan.failed": "on" });
    const results = {
      update: await a.updateEndpointAction(endpoint.id, edit),
      disable: await a.setEndpointEnabledAction(endpoint.id, false),
      roll: await a.rollEndpointSecretAction(endpoint.id, "none"),
      delete: await a.deleteEndpointAction(endpoint.id),
      test: await a.sendTestEventAction(endpoint.id),
      replay: await a.replayDeliveryAction(delivery.id),
    };
    for (const [name, res] of Object.entries(results)) {
      expect(res.ok, name).toBe(false);
      expect(res.message, name).toMatch(name === "replay" ? /^Delivery not found/ : /^Webhook endpoint not found/);
      expect(res.data, name).toBeUndefined();
    }
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toEqual(before);
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(1);
  });

  it("the owner edits, rolls, tests, disables and replays; replay of a disabled endpoint is refused; delete goes back to the list", async () => {
    const a = await actions();
    const dev = await signIn();
    const created = await a.createEndpointAction(IDLE, endpointForm(ADD));
    const id = created.data!.endpoint.id;

    const edited = await a.updateEndpointAction(
      id,
      endpointForm({ url: "https://hooks.example.com/v2", description: "Clinic", "event:scan.failed": "on" }),
    );
    expect(edited.data).toMatchObject({ url: "https://hooks.example.com/v2", description: "Clinic" });
    expect(edited.data!.event_types).toEqual(["scan.failed"]);

    const rolled = await a.rollEndpointSecretAction(id, "1h");
    expect(rolled.data!.secret).toMatch(/^whsec_/);
    expect(rolled.data!.secret).not.toBe(created.data!.secret);
    expect(rolled.data!.endpoint.previous_secret_valid_until).toBeGreaterThan(Date.now() / 1000);
    expect((await a.rollEndpointSecretAction(id, "forever")).fieldErrors?.grace_period).toBeDefined();

    const sent = await a.sendTestEventAction(id);
    expect(sent.ok).toBe(true);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { eventId: sent.data!.event_id } });
    const replay = await a.replayDeliveryAction(delivery.id);
    expect(replay.data).toMatchObject({ event_id: sent.data!.event_id, replay_of: delivery.id });

    expect((await a.setEndpointEnabledAction(id, false)).ok).toBe(true);
    const refused = await a.replayDeliveryAction(delivery.id);
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/disabled/) });
    expect((await a.sendTestEventAction(id)).ok).toBe(false);

    await expect(a.deleteEndpointAction(id)).rejects.toMatchObject({ digest: expect.stringContaining("/webhooks") });
    expect(await db.webhookEndpoint.count({ where: { developerId: dev.id } })).toBe(0);
  });
});
