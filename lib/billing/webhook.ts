import type Stripe from "stripe";
import { db } from "@/lib/db";
import { audit } from "@/lib/audit/audit";
import { ApiError } from "@/lib/http/errors";
import type { Plan } from "@/lib/generated/prisma/enums";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isUniqueViolation } from "@/lib/accounts/developer-account";
import { planOfPrice, stripeWebhooks } from "./stripe-client";
import { assertEventShape } from "./event-shape";
import { isUuid } from "@/lib/uuid";

type Tx = Prisma.TransactionClient;

/**
 * Applies a signed Stripe event. The event id is recorded in the same transaction as the plan
 * change and its audit row, so a redelivered (or concurrently delivered) event changes nothing.
 */
export async function handleStripeWebhook(
  rawBody: string,
  signature: string | null,
): Promise<{ received: true; duplicate: boolean }> {
  const { stripe, secret } = stripeWebhooks();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? "", secret);
  } catch (err) {
    // The signature is checked first; a body that then fails to parse was signed as it is.
    if (err instanceof SyntaxError) throw new ApiError("INVALID_REQUEST", "The event body is not valid JSON");
    throw new ApiError("INVALID_REQUEST", "Invalid Stripe signature");
  }
  assertEventShape(event);
  try {
    await db.$transaction(async (tx) => {
      await tx.stripeEvent.create({ data: { id: event.id, type: event.type } });
      await applyEvent(tx, event);
    });
    return { received: true, duplicate: false };
  } catch (err) {
    if (isUniqueViolation(err)) return { received: true, duplicate: true };
    throw err;
  }
}

async function applyEvent(tx: Tx, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case "checkout.session.completed": {
      const s = event.data.object;
      const plan = paidPlan(s.metadata?.plan);
      const developerId = s.client_reference_id ?? s.metadata?.developerId;
      // Not one of our accounts' ids: no account to change.
      if (!isUuid(developerId) || !plan) return;
      await setPlan(tx, event, { id: developerId }, plan, {
        stripeCustomerId: idOf(s.customer),
        stripeSubscriptionId: idOf(s.subscription),
      });
      return;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated": {
      const sub = event.data.object;
      const live = ["active", "trialing", "past_due"].includes(sub.status);
      const plan = live ? (planOfPrice(sub.items.data[0]?.price.id) ?? paidPlan(sub.metadata?.plan)) : "starter";
      if (!plan) return;
      // A live subscription becomes the account's; one that is not live only ends the plan
      // when it is the subscription the account is billed by.
      await setPlan(
        tx,
        event,
        { stripeCustomerId: idOf(sub.customer), ...(live ? {} : { endingSubscription: sub.id }) },
        plan,
        { stripeSubscriptionId: live ? sub.id : null, stripeSubscriptionStatus: sub.status },
      );
      return;
    }
    case "customer.subscription.deleted": {
      const sub = event.data.object;
      await setPlan(tx, event, { stripeCustomerId: idOf(sub.customer), endingSubscription: sub.id }, "starter", {
        stripeSubscriptionId: null,
        stripeSubscriptionStatus: "canceled",
      });
      return;
    }
    default:
      return; // recorded as seen, nothing to apply
  }
}

/** A plan a subscription's metadata may name: a paid one of ours, else none (free text). */
function paidPlan(name: string | undefined): Plan | undefined {
  return name === "pro" || name === "enterprise" ? name : undefined;
}

function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === "string" ? ref : ref.id;
}

async function setPlan(
  tx: Tx,
  event: Stripe.Event,
  who: { id: string } | { stripeCustomerId: string | null; endingSubscription?: string },
  plan: Plan,
  stripeIds: {
    stripeCustomerId?: string | null;
    stripeSubscriptionId?: string | null;
    stripeSubscriptionStatus?: string;
  },
): Promise<void> {
  if ("stripeCustomerId" in who && !who.stripeCustomerId) return;
  const where = "id" in who ? { id: who.id } : { stripeCustomerId: who.stripeCustomerId! };
  const dev = await tx.organization.findFirst({
    where,
    select: { id: true, plan: true, stripeEventAt: true, stripeSubscriptionId: true },
  });
  if (!dev) return;
  // The end of a subscription the account is not billed by (an old one, a failed second
  // checkout) changes nothing: not a plan staff set, nor the one another subscription pays.
  if ("endingSubscription" in who && who.endingSubscription && who.endingSubscription !== dev.stripeSubscriptionId)
    return;
  // Stripe may deliver a subscription's events out of order; an older one (say "created,
  // starter" arriving after "updated, pro") is recorded as seen but changes nothing. Events of
  // the same second are applied in arrival order: Stripe's timestamps have no finer grain.
  const eventAt = new Date(event.created * 1000);
  if (dev.stripeEventAt && eventAt < dev.stripeEventAt) return;
  const data: Prisma.OrganizationUpdateInput = { plan, stripeEventAt: eventAt };
  if (stripeIds.stripeCustomerId) data.stripeCustomerId = stripeIds.stripeCustomerId;
  if (stripeIds.stripeSubscriptionId !== undefined) data.stripeSubscriptionId = stripeIds.stripeSubscriptionId;
  if (stripeIds.stripeSubscriptionStatus) data.stripeSubscriptionStatus = stripeIds.stripeSubscriptionStatus;
  await tx.organization.update({ where: { id: dev.id }, data });
  if (dev.plan !== plan) {
    await audit(tx, {
      actorId: null,
      actorType: "stripe",
      action: "developer.plan_change",
      organizationId: dev.id,
      targetType: "organization",
      targetId: dev.id,
      details: { from: dev.plan, to: plan, event: event.type },
    });
  }
}
