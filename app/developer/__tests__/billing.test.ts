import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { db } from "@/lib/db";
import { resetEnv } from "@/lib/env";
import * as checkout from "@/app/developer/checkout/route";
import * as portal from "@/app/developer/billing-portal/route";
import * as webhook from "@/app/api/stripe/webhook/route";
import { call } from "@/test/developer-helpers";
import { developerWithToken } from "@/test/developer-fixtures";

// Stripe is reached through a local stand-in for its API (no network here); webhooks are
// signed exactly as Stripe signs them.
const WEBHOOK_SECRET = "whsec_test_secret_for_vitals";
type Seen = { method: string; path: string; form: URLSearchParams };

let server: Server;
const seen: Seen[] = [];

function standIn(): Promise<string> {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      seen.push({ method: req.method!, path: req.url!, form });
      const reply = (o: object) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(o));
      if (req.url === "/v1/customers") return reply({ id: `cus_${seen.length}`, object: "customer" });
      if (req.url === "/v1/checkout/sessions")
        return reply({ id: "cs_test_1", object: "checkout.session", url: "https://checkout.stripe.test/c/cs_test_1" });
      if (req.url === "/v1/billing_portal/sessions")
        return reply({ id: "bps_1", object: "billing_portal.session", url: "https://billing.stripe.test/p/1" });
      res
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { type: "invalid_request_error", message: "no such path" } }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  process.env.STRIPE_API_URL = await standIn();
  process.env.STRIPE_SECRET_KEY = "sk_test_vitals";
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_PRICE_PRO = "price_pro";
  process.env.STRIPE_PRICE_ENTERPRISE = "price_ent";
  resetEnv();
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

function signed(event: unknown, payload = JSON.stringify(event)) {
  const header = new Stripe("sk_test_x").webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return new Request("http://localhost:3000/api/stripe/webhook", {
    method: "POST",
    body: payload,
    headers: { "stripe-signature": header, "content-type": "application/json" },
  });
}

async function deliver(event: object) {
  const res = await webhook.POST(signed(event));
  return { status: res.status, body: await res.json() };
}

describe("checkout and billing portal", () => {
  it("creates the customer once, a subscription checkout for the plan's price, and audits it", async () => {
    const { dev, token } = await developerWithToken();
    const res = await call(checkout.POST, "POST", "/developer/checkout", { token, body: { plan: "pro" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: "cs_test_1", url: "https://checkout.stripe.test/c/cs_test_1" });
    const session = seen.find((s) => s.path === "/v1/checkout/sessions")!;
    expect(session.form.get("mode")).toBe("subscription");
    expect(session.form.get("line_items[0][price]")).toBe("price_pro");
    expect(session.form.get("client_reference_id")).toBe(dev.id);
    expect(session.form.get("success_url")).toMatch(/^http:\/\/localhost:3000\/billing/);
    const customerId = (await db.organization.findUniqueOrThrow({ where: { id: dev.id } })).stripeCustomerId;
    expect(customerId).toMatch(/^cus_/);
    const customersBefore = seen.filter((s) => s.path === "/v1/customers").length;
    const p = await call(portal.POST, "POST", "/developer/billing-portal", { token });
    expect(p.body).toEqual({ url: "https://billing.stripe.test/p/1" });
    expect(seen.filter((s) => s.path === "/v1/customers").length).toBe(customersBefore);
    expect(seen.at(-1)!.form.get("customer")).toBe(customerId);
    const actions = (await db.auditLog.findMany({ where: { actorId: dev.id } })).map((a) => a.action).sort();
    expect(actions).toEqual(["billing.checkout", "billing.portal"]);
    expect((await db.organization.findUniqueOrThrow({ where: { id: dev.id } })).plan).toBe("starter"); // only the webhook changes it
  });

  it("refuses a second checkout while a subscription exists (plan changes go through the billing portal)", async () => {
    const { dev, token } = await developerWithToken({ plan: "pro" });
    await db.organization.update({ where: { id: dev.id }, data: { stripeSubscriptionId: `sub_existing_${dev.id}` } });
    const res = await call(checkout.POST, "POST", "/developer/checkout", { token, body: { plan: "enterprise" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/billing portal/);
  });

  it("answers 503 UNAVAILABLE when Stripe cannot be reached", async () => {
    const { token } = await developerWithToken();
    process.env.STRIPE_API_URL = "http://127.0.0.1:9";
    resetEnv();
    try {
      const res = await call(checkout.POST, "POST", "/developer/checkout", { token, body: { plan: "enterprise" } });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ error: "UNAVAILABLE", retryable: true });
    } finally {
      process.env.STRIPE_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resetEnv();
    }
  });
});

describe("Stripe webhook", () => {
  it("applies a completed checkout once, even when delivered again or twice at the same time", async () => {
    const { dev } = await developerWithToken();
    const event = {
      id: `evt_${dev.id}`,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: "cs_1",
          object: "checkout.session",
          client_reference_id: dev.id,
          customer: `cus_${dev.id}`,
          subscription: `sub_${dev.id}`,
          metadata: { plan: "pro", developerId: dev.id },
        },
      },
    };
    const answers = await Promise.all([deliver(event), deliver(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.duplicate).sort()).toEqual([false, true]);
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    const row = await db.organization.findUniqueOrThrow({ where: { id: dev.id } });
    expect(row).toMatchObject({
      plan: "pro",
      stripeCustomerId: `cus_${dev.id}`,
      stripeSubscriptionId: `sub_${dev.id}`,
    });
    const changes = await db.auditLog.findMany({ where: { targetId: dev.id, action: "developer.plan_change" } });
    expect(changes.map((c) => [c.actorType, c.details])).toEqual([
      ["stripe", { from: "starter", to: "pro", event: "checkout.session.completed" }],
    ]);

    const cancelled = {
      id: `evt_del_${dev.id}`,
      object: "event",
      type: "customer.subscription.deleted",
      created: Math.floor(Date.now() / 1000) + 1,
      data: {
        object: {
          id: `sub_${dev.id}`,
          object: "subscription",
          customer: `cus_${dev.id}`,
          status: "canceled",
          items: { data: [] },
        },
      },
    };
    expect((await deliver(cancelled)).status).toBe(200);
    expect(await db.organization.findUniqueOrThrow({ where: { id: dev.id } })).toMatchObject({
      plan: "starter",
      stripeSubscriptionId: null,
      stripeSubscriptionStatus: "canceled",
    });
  });

  it("ignores a subscription event older than one already applied (Stripe does not deliver in order)", async () => {
    const { dev } = await developerWithToken();
    const customer = `cus_order_${dev.id}`;
    await db.organization.update({ where: { id: dev.id }, data: { stripeCustomerId: customer } });
    const t0 = Math.floor(Date.now() / 1000);
    const subscription = (id: string, type: string, created: number, price: string, status = "active") => ({
      id,
      object: "event",
      type,
      created,
      data: {
        object: {
          id: `sub_order_${dev.id}`,
          object: "subscription",
          customer,
          status,
          items: { data: [{ price: { id: price } }] },
          metadata: {},
        },
      },
    });
    const plan = async () => (await db.organization.findUniqueOrThrow({ where: { id: dev.id } })).plan;

    expect(
      (await deliver(subscription(`evt_new_${dev.id}`, "customer.subscription.updated", t0 + 10, "price_ent"))).status,
    ).toBe(200);
    expect(await plan()).toBe("enterprise");
    // The older "pro" event arrives late: seen, recorded, and without effect.
    expect(await deliver(subscription(`evt_old_${dev.id}`, "customer.subscription.created", t0, "price_pro"))).toEqual({
      status: 200,
      body: { received: true, duplicate: false },
    });
    expect(await plan()).toBe("enterprise");
    expect(await db.stripeEvent.count({ where: { id: `evt_old_${dev.id}` } })).toBe(1);
    // A newer event still applies.
    expect(
      (
        await deliver(
          subscription(`evt_later_${dev.id}`, "customer.subscription.updated", t0 + 20, "price_pro", "past_due"),
        )
      ).status,
    ).toBe(200);
    expect(await plan()).toBe("pro");
    // The support console shows the subscription's status as last received.
    expect((await db.organization.findUniqueOrThrow({ where: { id: dev.id } })).stripeSubscriptionStatus).toBe(
      "past_due",
    );
    const changes = await db.auditLog.findMany({
      where: { targetId: dev.id, action: "developer.plan_change" },
      orderBy: { createdAt: "asc" },
    });
    expect(changes.map((c) => (c.details as { to: string }).to)).toEqual(["enterprise", "pro"]);
  });

  it("answers a signed event that is not as Stripe sends it with 400 naming the field, and applies nothing", async () => {
    const { dev } = await developerWithToken();
    const malformed: [string, unknown][] = [
      ["body", [1, 2, 3]],
      ["body", null],
      ["id", { type: "ping", data: { object: {} } }],
      ["id", { id: 12, type: "ping", data: { object: {} } }],
      ["id", { id: "evt_\u0000", type: "ping", data: { object: {} } }],
      ["type", { id: "evt_t", data: { object: {} } }],
      ["created", { id: "evt_n", type: "ping", data: { object: {} } }],
      ["created", { id: "evt_c", type: "ping", created: 1e20, data: { object: {} } }],
      ["created", { id: "evt_y", type: "ping", created: "yesterday", data: { object: {} } }],
      ["data", { id: "evt_d", type: "customer.subscription.updated", created: 1.7e9 }],
      [
        "data.object.items",
        {
          id: "evt_i",
          type: "customer.subscription.updated",
          created: 1.7e9,
          data: { object: { id: "sub_1", status: "active", customer: "cus_1" } },
        },
      ],
    ];
    for (const [field, event] of malformed) {
      const { status, body } = await deliver(event as object);
      expect(status, JSON.stringify(event)).toBe(400);
      expect(body.error).toBe("INVALID_REQUEST");
      expect(body.message).toContain(field === "body" ? "Malformed Stripe event" : field);
    }
    const notJson = await webhook.POST(signed(null, "{not json"));
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).message).toMatch(/not valid JSON/);
    // A checkout for an id that cannot be ours is recorded as seen and changes nothing.
    const foreign = await deliver({
      id: "evt_foreign_ref",
      type: "checkout.session.completed",
      created: 1.7e9,
      data: { object: { client_reference_id: "not-a-uuid", metadata: { plan: "pro" } } },
    });
    expect(foreign).toMatchObject({ status: 200, body: { received: true, duplicate: false } });
    expect((await db.organization.findUniqueOrThrow({ where: { id: dev.id } })).plan).toBe("starter");
  });

  it("an event about a subscription the account is not billed by, or naming no plan of ours, changes nothing", async () => {
    const { dev } = await developerWithToken();
    const customer = `cus_other_${dev.id}`;
    const current = `sub_current_${dev.id}`;
    await db.organization.update({
      where: { id: dev.id },
      data: { stripeCustomerId: customer, stripeSubscriptionId: current, plan: "enterprise" },
    });
    const t0 = Math.floor(Date.now() / 1000);
    const event = (id: string, type: string, sub: string, status: string, extra: Record<string, unknown> = {}) => ({
      id: `${id}_${dev.id}`,
      object: "event",
      type,
      created: t0,
      data: {
        object: {
          id: sub,
          object: "subscription",
          customer,
          status,
          items: { data: [{ price: { id: "price_unknown" } }] },
          ...extra,
        },
      },
    });
    const account = () => db.organization.findUniqueOrThrow({ where: { id: dev.id } });
    const unchanged = { plan: "enterprise", stripeSubscriptionId: current };
    // A failed second subscription, and an old one deleted: not the one the account pays by.
    for (const e of [
      event("evt_expired", "customer.subscription.updated", `sub_c_${dev.id}`, "incomplete_expired"),
      event("evt_old_deleted", "customer.subscription.deleted", `sub_old_${dev.id}`, "canceled"),
      // A live subscription whose price is none of ours and whose metadata names no plan of ours.
      event("evt_gold", "customer.subscription.updated", current, "active", { metadata: { plan: "gold" } }),
      event("evt_proto", "customer.subscription.updated", current, "active", { metadata: { plan: "__proto__" } }),
    ]) {
      expect(await deliver(e)).toEqual({ status: 200, body: { received: true, duplicate: false } });
      expect(await account()).toMatchObject(unchanged);
    }
    // The account's own subscription ending does end the plan.
    expect((await deliver(event("evt_end", "customer.subscription.deleted", current, "canceled"))).status).toBe(200);
    expect(await account()).toMatchObject({ plan: "starter", stripeSubscriptionId: null });
  });

  it("refuses a chunked event over 512 KiB with 413 as the cap is crossed, unread past it", async () => {
    // No Content-Length: 8 MiB streamed in 64 KiB pieces, counted as the handler pulls them.
    const piece = new Uint8Array(64 * 1024).fill(32);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 8 * 1024 * 1024) return controller.close();
        pulled += piece.byteLength;
        controller.enqueue(piece);
      },
    });
    const res = await webhook.POST(
      new Request("http://localhost:3000/api/stripe/webhook", {
        method: "POST",
        body,
        duplex: "half",
        headers: { "stripe-signature": "t=1,v1=00", "content-type": "application/json" },
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "PAYLOAD_TOO_LARGE", message: "Event too large", retryable: false });
    expect(pulled).toBeLessThan(1024 * 1024);
  });

  it("refuses a bad signature with 400, and answers 503 without a webhook secret", async () => {
    const res = await webhook.POST(
      new Request("http://x/api/stripe/webhook", {
        method: "POST",
        body: "{}",
        headers: { "stripe-signature": "t=1,v1=00" },
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("INVALID_REQUEST");
    delete process.env.STRIPE_WEBHOOK_SECRET;
    resetEnv();
    try {
      expect((await webhook.POST(signed({ id: "evt_x", type: "ping", data: { object: {} } }))).status).toBe(503);
    } finally {
      process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
      resetEnv();
    }
  });
});
