import Stripe from "stripe";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/logger";
import type { Plan } from "@/lib/generated/prisma/enums";

// The Stripe SDK, configured from the settings. STRIPE_API_URL points the SDK at a stand-in
// server in tests; production leaves it unset.
function connectionOptions(): Stripe.StripeConfig {
  const url = env().STRIPE_API_URL;
  const base: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 20_000 };
  if (!url) return base;
  const u = new URL(url);
  return {
    ...base,
    host: u.hostname,
    port: Number(u.port || (u.protocol === "https:" ? 443 : 80)),
    protocol: u.protocol.replace(":", "") as "http" | "https",
  };
}

/** The API client; without STRIPE_SECRET_KEY billing is switched off: 503 UNAVAILABLE. */
export function stripeClient(): Stripe {
  const key = env().STRIPE_SECRET_KEY;
  if (!key) throw new ApiError("UNAVAILABLE", "Billing is not configured on this server");
  return new Stripe(key, connectionOptions());
}

/** Webhook signature checking needs only the webhook secret, not the API key. */
export function stripeWebhooks(): { stripe: Stripe; secret: string } {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new ApiError("UNAVAILABLE", "Billing webhooks are not configured on this server");
  return { stripe: new Stripe(env().STRIPE_SECRET_KEY ?? "sk_unused_for_signatures", connectionOptions()), secret };
}

/** The Stripe price of a paid plan; a plan without a configured price cannot be bought here. */
export function priceOfPlan(plan: Exclude<Plan, "starter">): string {
  const price = plan === "pro" ? env().STRIPE_PRICE_PRO : env().STRIPE_PRICE_ENTERPRISE;
  if (!price)
    throw new ApiError("UNAVAILABLE", `The ${plan} plan cannot be bought on this server (no price configured)`);
  return price;
}

export function planOfPrice(priceId: string | undefined): Plan | undefined {
  if (!priceId) return undefined;
  if (priceId === env().STRIPE_PRICE_PRO) return "pro";
  if (priceId === env().STRIPE_PRICE_ENTERPRISE) return "enterprise";
  return undefined;
}

/** Stripe being unreachable or refusing is a dependency failure (503), logged without payloads. */
export async function callStripe<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const type = err instanceof Stripe.errors.StripeError ? err.type : "unknown";
    logger.error("stripe call failed", { what, type, error: err instanceof Error ? err.message : String(err) });
    throw new ApiError("UNAVAILABLE", "The payment provider is not reachable right now; please try again");
  }
}
