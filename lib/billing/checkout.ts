import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { audit } from "@/lib/audit/audit";
import { ApiError } from "@/lib/http/errors";
import { assertDeveloperActive } from "@/lib/accounts/account-gate";
import type { DeveloperStatus, Plan } from "@/lib/generated/prisma/enums";
import { callStripe, priceOfPlan, stripeClient } from "./stripe-client";
import { keyOwner } from "@/lib/teams/key-owner";

/**
 * Who pays: the organization (its id is what Stripe's metadata and client_reference_id carry as
 * developerId, the name they had before teams), billed to the member who first opened billing.
 */
export type Billable = {
  id: string;
  name: string;
  stripeCustomerId: string | null;
  status: DeveloperStatus;
  emailVerifiedAt?: Date | null;
  payer: { id: string; email: string };
};

/** The organization's Stripe customer, created once (the idempotency key stops a double create). */
export async function ensureStripeCustomer(org: Billable): Promise<string> {
  if (org.stripeCustomerId) return org.stripeCustomerId;
  const stripe = stripeClient();
  const customer = await callStripe("customers.create", () =>
    stripe.customers.create(
      { email: org.payer.email, name: org.name, metadata: { developerId: org.id } },
      { idempotencyKey: `customer-${org.id}` },
    ),
  );
  await db.organization.update({ where: { id: org.id }, data: { stripeCustomerId: customer.id } });
  return customer.id;
}

/** The organization a member bills for, with the member as payer. */
export async function billableOf(organizationId: string, payer: { id: string; email: string }): Promise<Billable> {
  const org = await keyOwner(organizationId);
  if (!org) throw new ApiError("NOT_FOUND", "Organization not found");
  return { ...org, payer };
}

/**
 * A Stripe Checkout session for a subscription to a paid plan. The plan changes only when
 * Stripe's webhook confirms the payment (handleStripeWebhook), never here. A pending or
 * suspended account gets 403 DEVELOPER_PENDING / DEVELOPER_SUSPENDED (docs/api.md).
 */
export async function createCheckoutSession(
  developer: Billable & { stripeSubscriptionId?: string | null },
  plan: Exclude<Plan, "starter">,
  ip?: string,
) {
  // The account-status gate of the developer API, here so the portal's action applies it too.
  assertDeveloperActive(developer);
  const price = priceOfPlan(plan);
  // A second checkout would start a second subscription; plan changes go through the billing portal.
  if (developer.stripeSubscriptionId) {
    throw new ApiError(
      "INVALID_REQUEST",
      "This account already has a subscription; change the plan in the billing portal",
    );
  }
  const stripe = stripeClient();
  const customer = await ensureStripeCustomer(developer);
  const base = env().APP_URL;
  const session = await callStripe("checkout.sessions.create", () =>
    stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: developer.id,
      line_items: [{ price, quantity: 1 }],
      metadata: { developerId: developer.id, plan },
      subscription_data: { metadata: { developerId: developer.id, plan } },
      success_url: new URL("/billing?checkout=success", base).toString(),
      cancel_url: new URL("/billing?checkout=cancelled", base).toString(),
    }),
  );
  await db.$transaction((tx) =>
    audit(tx, {
      actorId: developer.payer.id,
      organizationId: developer.id,
      actorType: "developer",
      action: "billing.checkout",
      targetType: "organization",
      targetId: developer.id,
      ip,
      details: { plan },
    }),
  );
  return { id: session.id, url: session.url };
}
