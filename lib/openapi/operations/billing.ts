import { checkoutBody } from "@/lib/accounts/schemas";
import { billingPortalSchema, checkoutSchema, webhookSchema } from "../developer-responses";
import { BODY, MEMBER, type Operation } from "./operation";

// Billing: Stripe Checkout, the billing portal, and Stripe's events.
export const BILLING_OPERATIONS: Operation[] = [
  {
    method: "post",
    path: "/developer/checkout",
    tag: "Developer",
    auth: "idToken",
    summary: "Start a Stripe Checkout for a plan",
    body: checkoutBody,
    ok: { status: 200, description: "id, url", schema: checkoutSchema },
    errors: [...BODY, ...MEMBER],
  },
  {
    method: "post",
    path: "/developer/billing-portal",
    tag: "Developer",
    auth: "idToken",
    summary: "Open the Stripe billing portal",
    ok: { status: 200, description: "url", schema: billingPortalSchema },
    errors: [...MEMBER],
  },
  {
    method: "post",
    path: "/api/stripe/webhook",
    tag: "Service",
    auth: "stripeSignature",
    summary: "Stripe's signed events",
    ok: { status: 200, description: "received", schema: webhookSchema },
    errors: [...BODY, "UNAVAILABLE"],
  },
];
