"use server";

import { redirect } from "next/navigation";
import { checkoutBody } from "@/lib/accounts/schemas";
import { billableOf, createCheckoutSession } from "@/lib/billing/checkout";
import { createBillingPortalSession } from "@/lib/billing/billing-portal";
import type { FormState } from "@/lib/actions/form-state";
import { serverAction } from "@/lib/actions/server-action";

const NO_PAGE: FormState<never> = {
  ok: false,
  message: "The payment provider did not answer with a page to open. Please try again.",
};

// Both send the browser to the payment provider's own pages; without Stripe configured the
// billing functions answer 503 UNAVAILABLE and its message is shown instead.
export const checkoutAction = serverAction("member:billing.manage", async ({ developer, member, ip }, plan: string) => {
  const billable = await billableOf(member.organization.id, developer);
  const { url } = await createCheckoutSession(billable, checkoutBody.parse({ plan }).plan, ip);
  return url ? redirect(url) : NO_PAGE;
});

export const billingPortalAction = serverAction("member:billing.manage", async ({ developer, member, ip }) => {
  const { url } = await createBillingPortalSession(await billableOf(member.organization.id, developer), ip);
  return url ? redirect(url) : NO_PAGE;
});
