"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { checkoutBody } from "@/lib/accounts/schemas";
import { createCheckoutSession } from "@/lib/billing/checkout";
import { createBillingPortalSession } from "@/lib/billing/billing-portal";
import { currentDeveloper } from "@/lib/auth/current-developer";
import { ipFromHeaders } from "@/lib/auth/request-ip";
import { failure, type FormState } from "@/components/forms/form-state";

const SIGNED_OUT: FormState<never> = { ok: false, message: "Your session has ended. Sign in again." };

// Both send the browser to the payment provider's own pages; without Stripe configured the
// billing functions answer 503 UNAVAILABLE and its message is shown instead.
export async function checkoutAction(plan: string): Promise<FormState> {
  const developer = await currentDeveloper();
  if (!developer) return SIGNED_OUT;
  let url: string | null;
  try {
    const body = checkoutBody.parse({ plan });
    url = (await createCheckoutSession(developer, body.plan, ipFromHeaders(await headers()))).url;
  } catch (err) {
    return failure(err);
  }
  if (!url) return { ok: false, message: "The payment provider did not answer with a page to open. Please try again." };
  redirect(url);
}

export async function billingPortalAction(): Promise<FormState> {
  const developer = await currentDeveloper();
  if (!developer) return SIGNED_OUT;
  let url: string | null;
  try {
    url = (await createBillingPortalSession(developer, ipFromHeaders(await headers()))).url;
  } catch (err) {
    return failure(err);
  }
  if (!url) return { ok: false, message: "The payment provider did not answer with a page to open. Please try again." };
  redirect(url);
}
