import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { audit } from "@/lib/audit/audit";
import { callStripe, stripeClient } from "./stripe-client";
import { assertDeveloperActive } from "@/lib/accounts/account-gate";
import { ensureStripeCustomer, type Billable } from "./checkout";

/**
 * A Stripe billing-portal session where the developer manages payment and cancels. The same
 * account-status gate as checkout, whether the API or the portal's action asks.
 */
export async function createBillingPortalSession(developer: Billable, ip?: string) {
  assertDeveloperActive(developer);
  const stripe = stripeClient();
  const customer = await ensureStripeCustomer(developer);
  const session = await callStripe("billingPortal.sessions.create", () =>
    stripe.billingPortal.sessions.create({ customer, return_url: new URL("/billing", env().APP_URL).toString() }),
  );
  await db.$transaction((tx) =>
    audit(tx, {
      actorId: developer.payer.id,
      organizationId: developer.id,
      actorType: "developer",
      action: "billing.portal",
      targetType: "organization",
      targetId: developer.id,
      ip,
    }),
  );
  return { url: session.url };
}
