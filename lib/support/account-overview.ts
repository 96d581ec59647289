import { personalOrganization } from "@/lib/teams/personal";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { unixSeconds } from "@/lib/time";
import { PROFILE_FIELDS } from "@/lib/accounts/profile";
import { listKeys } from "@/lib/keys/list-keys";
import { tryItHistory } from "@/lib/try-it/try-it-usage";
import { getUsage, getUsageHistory } from "@/lib/usage/get-usage";
import { actorNamer } from "./account-timeline";

// Everything the account page shows apart from the paginated timeline. Selected column by
// column: no password hash, key hash, e-mail token, session or vitals ever reaches staff.

const STATUS_ACTIONS = [
  "developer.signup",
  "developer.verify_email",
  "developer.status_change",
  "developer.totp_remove",
];

export type StatusEvent = { at: number; action: string; from?: string; to?: string; actor: string; reason?: string };

/** Stripe's dashboard page of a customer: its test-mode view unless the secret key is a live one. */
export function stripeCustomerUrl(customerId: string, secretKey = env().STRIPE_SECRET_KEY ?? ""): string {
  const mode = secretKey.startsWith("sk_live_") || secretKey.startsWith("rk_live_") ? "" : "test/";
  return `https://dashboard.stripe.com/${mode}customers/${encodeURIComponent(customerId)}`;
}

export async function getAccountOverview(developerId: string, now = new Date()) {
  const found = await db.developer.findUnique({
    where: { id: developerId },
    select: {
      ...PROFILE_FIELDS,
      totpEnabledAt: true,
    },
  });
  if (!found) return null;
  const dev = { ...found, ...(await personalOrganization(found.id)) };
  const [keys, usage, history, tryIt, statusRows] = await Promise.all([
    listKeys(dev.id, now),
    getUsage({ id: dev.id, plan: dev.plan }, now),
    getUsageHistory(dev.id, now),
    tryItHistory(dev.id, now),
    db.auditLog.findMany({
      where: { targetId: dev.id, action: { in: STATUS_ACTIONS } },
      orderBy: { createdAt: "desc" },
      take: 50,
      select: { action: true, actorId: true, actorType: true, createdAt: true, details: true },
    }),
  ]);
  const actor = await actorNamer(statusRows, dev.id);
  const statusHistory: StatusEvent[] = statusRows.map((r) => {
    const d = (r.details ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === "string" ? v : undefined);
    return {
      at: unixSeconds(r.createdAt),
      action: r.action,
      from: text(d.from),
      to: text(d.to),
      actor: actor(r.actorType, r.actorId),
      reason: text(d.reason),
    };
  });
  return {
    profile: {
      id: dev.id,
      email: dev.email,
      name: dev.name,
      company: dev.company,
      status: dev.status,
      plan: dev.plan,
      role: dev.role,
      email_verified_at: dev.emailVerifiedAt ? unixSeconds(dev.emailVerifiedAt) : null,
      created_at: unixSeconds(dev.createdAt),
      two_factor_since: dev.totpEnabledAt ? unixSeconds(dev.totpEnabledAt) : null,
    },
    billing: {
      customer_id: dev.stripeCustomerId,
      subscription_id: dev.stripeSubscriptionId,
      subscription_status: dev.stripeSubscriptionStatus,
      last_event_at: dev.stripeEventAt ? unixSeconds(dev.stripeEventAt) : null,
      dashboard_url: dev.stripeCustomerId ? stripeCustomerUrl(dev.stripeCustomerId) : null,
    },
    keys,
    usage,
    history: [...history.history].reverse(),
    tryIt,
    statusHistory,
  };
}

export type AccountOverview = NonNullable<Awaited<ReturnType<typeof getAccountOverview>>>;
