import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resetEnv } from "@/lib/env";
import type { PortalDeveloper } from "@/lib/auth/current-developer";
import { createDeveloper } from "@/test/fixtures";

// The portal's billing server actions, called as the portal calls them: the signed-in developer
// and the request headers are the only things stood in for (no next-auth cookie or request
// scope in a test); Stripe is a local stand-in that records every call.
let signedIn: PortalDeveloper | null = null;
vi.mock("@/lib/auth/current-developer", () => ({ currentDeveloper: async () => signedIn }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-vitals-client-ip": "203.0.113.9" }),
  cookies: async () => ({ get: () => undefined, set: () => undefined, delete: () => undefined }),
}));

let server: Server;
const stripeCalls: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    stripeCalls.push(req.url!);
    req.resume().on("end", () => {
      const reply = (o: object) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(o));
      if (req.url === "/v1/customers") return reply({ id: `cus_${randomUUID()}`, object: "customer" });
      if (req.url === "/v1/checkout/sessions")
        return reply({ id: "cs_1", object: "checkout.session", url: "https://checkout.stripe.test/c/cs_1" });
      return reply({ id: "bps_1", object: "billing_portal.session", url: "https://billing.stripe.test/p/1" });
    });
  });
  const url = await new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
  Object.assign(process.env, {
    STRIPE_API_URL: url,
    STRIPE_SECRET_KEY: "sk_test_vitals",
    STRIPE_WEBHOOK_SECRET: "whsec_x",
    STRIPE_PRICE_PRO: "price_pro",
    STRIPE_PRICE_ENTERPRISE: "price_ent",
  });
  resetEnv();
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

async function signIn(status: "pending" | "active" | "suspended") {
  const dev = await createDeveloper({ status });
  const { passwordHash: _, ...account } = dev;
  signedIn = { ...account, portalSession: { id: randomUUID(), secondFactor: false, mailedCodeProvedAt: null } };
  return dev;
}

describe("the portal's billing actions apply the account-status gate of the developer API", () => {
  it.each([
    ["pending", /verify|approv/i],
    ["suspended", /suspended/i],
  ] as const)(
    "a %s account can neither start checkout nor open the billing portal, and Stripe is never called",
    async (status, message) => {
      const { checkoutAction, billingPortalAction } = await import("@/lib/actions/portal/billing");
      await signIn(status);
      const before = stripeCalls.length;
      const checkout = await checkoutAction("pro");
      expect(checkout.ok).toBe(false);
      expect(checkout.message).toMatch(message);
      const portal = await billingPortalAction();
      expect(portal.ok).toBe(false);
      expect(portal.message).toMatch(message);
      expect(stripeCalls.length).toBe(before);
    },
  );

  it("an active account is sent on to Stripe's pages", async () => {
    const { checkoutAction, billingPortalAction } = await import("@/lib/actions/portal/billing");
    await signIn("active");
    // next/navigation's redirect() ends the action by throwing its redirect signal.
    await expect(checkoutAction("pro")).rejects.toMatchObject({
      digest: expect.stringContaining("https://checkout.stripe.test/c/cs_1"),
    });
    await expect(billingPortalAction()).rejects.toMatchObject({
      digest: expect.stringContaining("https://billing.stripe.test/p/1"),
    });
    expect(stripeCalls).toContain("/v1/checkout/sessions");
  });
});
