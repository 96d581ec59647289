"use server";

import { redirect } from "next/navigation";
import { checkoutBody } from "@/lib/accounts/schemas";
import { ApiError } from "@/lib/http/errors";
import type { PortalDeveloper } from "@/lib/auth/session-version";
import { currentDeveloper } from "@/lib/auth/current-developer";
import { failure, type FormState } from "@/components/forms/form-state";

// TODO(billing): swap these two for lib/billing once it lands.
async function createCheckoutSession(_d: PortalDeveloper, _p: string): Promise<{ url: string }> {
  throw new ApiError("UNAVAILABLE", "Billing is not configured on this server yet.");
}
async function createBillingPortalSession(_d: PortalDeveloper): Promise<{ url: string }> {
  throw new ApiError("UNAVAILABLE", "Billing is not configured on this server yet.");
}

// Both send the browser to the payment provider's own pages; without Stripe configured the
// billing functions answer 503 UNAVAILABLE and its message is shown instead.
export async function checkoutAction(plan: string): Promise<FormState> {
  const developer = await currentDeveloper();
  if (!developer) return { ok: false, message: "Your session has ended. Sign in again." };
  let url: string;
  try {
    const body = checkoutBody.parse({ plan });
    url = (await createCheckoutSession(developer, body.plan)).url;
  } catch (err) {
    return failure(err);
  }
  redirect(url);
}

export async function billingPortalAction(): Promise<FormState> {
  const developer = await currentDeveloper();
  if (!developer) return { ok: false, message: "Your session has ended. Sign in again." };
  let url: string;
  try {
    url = (await createBillingPortalSession(developer)).url;
  } catch (err) {
    return failure(err);
  }
  redirect(url);
}
